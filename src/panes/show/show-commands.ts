// What a key does in the `| refresh` pane, from the one keymap (`show.*` commands).
import { isPaste, type Key } from '../../keys/key-parser.js';
import { type Command, resolveCommand } from '../../keys/keymap.js';
import type { ShowAction } from './show-reducer.js';

export type ShowKeyResult = ShowAction | 'close' | 'refresh' | undefined;

const ACTIONS: Partial<Record<Command, Exclude<ShowKeyResult, undefined>>> = {
  'show.close': 'close',
  'show.refresh': 'refresh',
  'show.up': { type: 'scroll', by: -1 },
  'show.down': { type: 'scroll', by: 1 },
  'show.pageUp': { type: 'page', direction: -1 },
  'show.pageDown': { type: 'page', direction: 1 },
};

/** One key → the pane's action, 'close', 'refresh', or nothing. */
export function showKeyAction(key: Key): ShowKeyResult {
  if (isPaste(key)) return undefined;
  const command = resolveCommand(key, { mode: 'show' });
  return command === undefined ? undefined : ACTIONS[command];
}
