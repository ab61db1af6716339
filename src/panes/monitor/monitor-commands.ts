// What a key does in the monitor pane, from the one keymap (`monitor.*` commands). While the
// `/` prompt is open it takes every key: Enter, Esc and Backspace act on it, other text is typed.
import { isPaste, type Key } from '../../shell/keys/key-parser.js';
import { type Command, resolveCommand } from '../../shell/keys/keymap.js';
import type { MonitorAction } from './monitor-reducer.js';

export type MonitorKeyResult = MonitorAction | 'close' | undefined;

const ACTIONS: Partial<Record<Command, MonitorAction | 'close'>> = {
  'monitor.close': 'close',
  'monitor.sort': { type: 'sortNext' },
  'monitor.up': { type: 'move', by: -1 },
  'monitor.down': { type: 'move', by: 1 },
  'monitor.pageUp': { type: 'page', direction: -1 },
  'monitor.pageDown': { type: 'page', direction: 1 },
  'monitor.refresh': { type: 'refresh' },
  'monitor.search': { type: 'promptOpen' },
  'monitor.promptApply': { type: 'promptApply' },
  'monitor.promptCancel': { type: 'promptCancel' },
  'monitor.promptBackspace': { type: 'promptBackspace' },
};

/** One key (a typed run is split by the caller) → the pane's action, 'close', or nothing. */
export function monitorKeyAction(key: Key, promptOpen: boolean): MonitorKeyResult {
  if (isPaste(key))
    return promptOpen ? { type: 'promptInput', text: key.text.split('\n')[0] ?? '' } : undefined;
  const command = resolveCommand(key, { mode: promptOpen ? 'monitorPrompt' : 'monitor' });
  if (command !== undefined) return ACTIONS[command];
  if (!promptOpen || key.ctrl || key.meta || key.sequence === '' || key.name !== key.sequence)
    return undefined;
  return { type: 'promptInput', text: key.sequence };
}
