// Key bindings of the log pane as data. While the `/` prompt is open it takes every key.
import type { KeyLike } from '../chart/chart-keys.js';
import type { LogAction } from './log-reducer.js';

export type LogKeyResult = LogAction | 'close' | undefined;

export function matchLogKey(input: string, key: KeyLike, promptOpen: boolean): LogKeyResult {
  if (promptOpen) {
    if (key.return) return { type: 'promptApply' };
    if (key.escape) return { type: 'promptCancel' };
    if (key.backspace || key.delete) return { type: 'promptBackspace' };
    if (key.ctrl || key.meta || input === '') return undefined;
    return { type: 'promptInput', text: input };
  }
  // Ctrl-C leaves the pane like q: in the shell it is the key that stops what is on screen.
  if (input === 'q' || key.escape || (key.ctrl && input === 'c')) return 'close';
  if (key.pageUp || (key.ctrl && input === 'b')) return { type: 'page', direction: -1 };
  if (key.pageDown || (key.ctrl && input === 'f')) return { type: 'page', direction: 1 };
  if (key.upArrow || input === 'k') return { type: 'scroll', by: 1 };
  if (key.downArrow || input === 'j') return { type: 'scroll', by: -1 };
  if (key.home || input === 'g') return { type: 'top' };
  if (key.end || input === 'G') return { type: 'bottom' };
  if (input === 'w') return { type: 'toggleWrap' };
  if (input === 'f') return { type: 'toggleFacets' };
  if (input === '/') return { type: 'promptOpen' };
  return undefined;
}
