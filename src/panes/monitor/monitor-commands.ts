// What a key does in the monitor pane, from the one keymap (`monitor.*` commands). While the
// `/` prompt is open it takes every key: Enter, Esc and Backspace act on it, other text is typed;
// after `d` the y/n question takes every key.
import { isPaste, type Key } from '../../keys/key-parser.js';
import { type Command, resolveCommand } from '../../keys/keymap.js';
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
  'monitor.remove': { type: 'removeAsk' },
  'monitor.confirmYes': { type: 'removeConfirm' },
  'monitor.confirmNo': { type: 'removeCancel' },
};

/** One key → the pane's action, 'close', or nothing. */
export function monitorKeyAction(key: Key, promptOpen: boolean, confirming = false): MonitorKeyResult {
  if (isPaste(key))
    return promptOpen ? { type: 'promptInput', text: key.text.split('\n')[0] ?? '' } : undefined;
  const mode = confirming ? 'monitorConfirm' : promptOpen ? 'monitorPrompt' : 'monitor';
  const command = resolveCommand(key, { mode });
  // The question takes every key: anything but y/n is ignored until it is answered.
  if (confirming) return command !== undefined ? ACTIONS[command] : { type: 'removeIgnored' };
  if (command !== undefined) return ACTIONS[command];
  if (!promptOpen || key.ctrl || key.meta || key.sequence === '' || key.name !== key.sequence)
    return undefined;
  return { type: 'promptInput', text: key.sequence };
}
