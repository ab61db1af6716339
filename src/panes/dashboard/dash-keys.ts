// What one key does on the dashboard, pure: from the one keymap (`dash.*`), in the screen's mode
// (the `e` prompt takes every key, the `v` picker its few keys, else the dashboard's own), an
// action for the store, or an effect the key hook runs (close, look up a variable's values,
// complete the prompt). Zoomed, the panel's pane had the key first; only `z`/`q` come back here.
import { isPaste, type Key } from '../../keys/key-parser.js';
import { type Command, type Mode, resolveCommand } from '../../keys/keymap.js';
import type { DashAction, DashState } from './dashboard-reducer.js';
import type { Layout } from './layout.js';

export type KeyOutcome =
  | DashAction
  | { effect: 'close' }
  | { effect: 'picker'; varIndex: number }
  | { effect: 'complete'; text: string }
  | { effect: 'cancelPrompt' }
  /** Used with nothing to do (true), or not used (false): it goes on to the shell. */
  | boolean;

export interface KeyContext {
  variables: number;
  /** The page as the state's open rows lay it out at the screen's size. */
  layout: () => Layout;
  now: () => number;
  /** The text `e` starts from for panel i; undefined: the panel's kind is not edited. */
  editText: (i: number) => string | undefined;
}

export function dashMode(s: Pick<DashState, 'prompt' | 'picker'>): Mode {
  if (s.prompt) return 'dashPrompt';
  return s.picker ? 'dashPicker' : 'dashboard';
}

export function dashKey(k: Key, s: DashState, c: KeyContext): KeyOutcome {
  const mode = dashMode(s);
  if (mode === 'dashPrompt') return promptKey(k, s.prompt?.text ?? '');
  const command = resolveCommand(k, { mode });
  if (mode === 'dashPicker') return pickerKey(command, s, c);
  if (s.zoomed) return command === 'dash.zoom' || command === 'dash.close' ? { type: 'unzoom' } : false;
  const by = (one: Command, action: 'focus' | 'move' | 'page'): DashAction => ({
    type: action,
    by: command === one ? 1 : -1,
    layout: c.layout(),
  });
  switch (command) {
    case 'dash.close':
      return { effect: 'close' };
    case 'dash.focusNext':
    case 'dash.focusPrev':
      return by('dash.focusNext', 'focus');
    case 'dash.up':
    case 'dash.down':
      return by('dash.down', 'move');
    case 'dash.pageUp':
    case 'dash.pageDown':
      return by('dash.pageDown', 'page');
    case 'dash.toggleRow':
      return s.focusRow === null ? true : { type: 'toggleRow' };
    case 'dash.zoom':
      return { type: 'zoom' };
    case 'dash.zoomIn':
    case 'dash.zoomOut':
      return { type: command === 'dash.zoomIn' ? 'zoomIn' : 'zoomOut', now: c.now() };
    case 'dash.panLeft':
    case 'dash.panRight':
      return { type: 'pan', direction: command === 'dash.panLeft' ? -1 : 1, now: c.now() };
    case 'dash.pause':
      return { type: 'togglePause', now: c.now() };
    case 'dash.refresh':
      return { type: 'refresh' };
    case 'dash.vars':
      return c.variables > 0 ? { effect: 'picker', varIndex: 0 } : true;
    case 'dash.edit': {
      const text = s.focusRow === null ? c.editText(s.focus) : undefined;
      return text === undefined ? true : { type: 'promptOpen', text };
    }
    default:
      return false;
  }
}

function promptKey(k: Key, text: string): KeyOutcome {
  const promptText = (t: string): DashAction => ({ type: 'promptText', text: t });
  if (isPaste(k)) return promptText(text + (k.text.split('\n')[0] ?? ''));
  switch (resolveCommand(k, { mode: 'dashPrompt' })) {
    case 'dash.promptApply':
      return { type: 'promptApply' };
    case 'dash.promptCancel':
      return { effect: 'cancelPrompt' };
    case 'dash.promptBackspace':
      return promptText([...text].slice(0, -1).join(''));
    case 'dash.promptComplete':
      return { effect: 'complete', text };
    default: {
      const typed = !k.ctrl && !k.meta && k.sequence !== '' && k.name === k.sequence;
      return typed ? promptText(text + k.sequence) : true;
    }
  }
}

function pickerKey(command: Command | undefined, s: DashState, c: KeyContext): KeyOutcome {
  const at = s.picker?.varIndex ?? 0;
  const n = Math.max(1, c.variables);
  switch (command) {
    case 'dash.pickerUp':
      return { type: 'picker', action: { type: 'up' } };
    case 'dash.pickerDown':
      return { type: 'picker', action: { type: 'down' } };
    case 'dash.pickerToggle':
      return { type: 'picker', action: { type: 'toggle' } };
    case 'dash.pickerNextVar':
      return { effect: 'picker', varIndex: (at + 1) % n };
    case 'dash.pickerPrevVar':
      return { effect: 'picker', varIndex: (at - 1 + n) % n };
    case 'dash.pickerAccept':
      return { type: 'pickerAccept' };
    case 'dash.pickerCancel':
      return { type: 'picker', action: { type: 'close' } };
    default:
      return true;
  }
}
