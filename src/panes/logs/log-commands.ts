// What a key does in the log pane, from the one keymap (`logs.*` commands). While the `/`
// prompt is open it takes every key: Enter, Esc and Backspace act on it, other text is typed.
import { isPaste, type Key } from '../../shell/keys/key-parser.js';
import { type Command, resolveCommand } from '../../shell/keys/keymap.js';
import type { LogAction } from './log-reducer.js';

export type LogKeyResult = LogAction | 'close' | undefined;

const ACTIONS: Partial<Record<Command, LogAction | 'close'>> = {
  'logs.close': 'close',
  'logs.pageUp': { type: 'page', direction: -1 },
  'logs.pageDown': { type: 'page', direction: 1 },
  'logs.scrollUp': { type: 'scroll', by: 1 },
  'logs.scrollDown': { type: 'scroll', by: -1 },
  'logs.top': { type: 'top' },
  'logs.bottom': { type: 'bottom' },
  'logs.wrap': { type: 'toggleWrap' },
  'logs.facets': { type: 'toggleFacets' },
  'logs.search': { type: 'promptOpen' },
  'logs.promptApply': { type: 'promptApply' },
  'logs.promptCancel': { type: 'promptCancel' },
  'logs.promptBackspace': { type: 'promptBackspace' },
};

/** One key (a typed run is split by the caller) → the pane's action, 'close', or nothing. */
export function logKeyAction(key: Key, promptOpen: boolean): LogKeyResult {
  if (isPaste(key))
    return promptOpen ? { type: 'promptInput', text: key.text.split('\n')[0] ?? '' } : undefined;
  const command = resolveCommand(key, { mode: promptOpen ? 'logsPrompt' : 'logs' });
  if (command !== undefined) return ACTIONS[command];
  if (!promptOpen || key.ctrl || key.meta || key.sequence === '' || key.name !== key.sequence)
    return undefined;
  return { type: 'promptInput', text: key.sequence };
}
