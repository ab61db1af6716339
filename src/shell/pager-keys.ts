// What a key does under `--More--`, from the one keymap (`pager.*` commands). While the `/`
// search is open it takes every key: Enter, Esc and Backspace act on it, other text is typed.
import { isPaste, type Key } from '../keys/key-parser.js';
import { type Command, resolveCommand } from '../keys/keymap.js';
import type { PagerAction } from './pager.js';

const ACTIONS: Partial<Record<Command, PagerAction>> = {
  'pager.page': { type: 'page' },
  'pager.line': { type: 'line' },
  'pager.end': { type: 'end' },
  'pager.quit': { type: 'quit' },
  'pager.search': { type: 'searchOpen' },
  'pager.promptApply': { type: 'searchApply' },
  'pager.promptCancel': { type: 'searchCancel' },
  'pager.promptBackspace': { type: 'searchBackspace' },
};

/** One key (a typed run is split by the caller) → the pager's action, or nothing. */
export function pagerKeyAction(key: Key, searching: boolean): PagerAction | undefined {
  if (isPaste(key))
    return searching ? { type: 'searchInput', text: key.text.split('\n')[0] ?? '' } : undefined;
  const command = resolveCommand(key, { mode: searching ? 'pagerPrompt' : 'pager' });
  if (command !== undefined) return ACTIONS[command];
  if (!searching || key.ctrl || key.meta || key.sequence === '' || key.name !== key.sequence)
    return undefined;
  return { type: 'searchInput', text: key.sequence };
}
