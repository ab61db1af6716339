// The dashboard's keys, from the one keymap (`dash.*`), in the screen's mode: the `e` prompt
// takes every key (Enter, Esc, Backspace and Tab act on it), the `v` picker its few keys, else
// the dashboard's own. A zoomed panel's pane subscribes later, so its keys come first; only
// what it leaves (`z`) reaches here.
import { type MutableRefObject, useRef } from 'react';
import type { Dashboard } from '../../contract/dashboard.js';
import { isPaste, type Key } from '../../keys/key-parser.js';
import { type Mode, resolveCommand } from '../../keys/keymap.js';
import { useKeys } from '../key-source/use-keys.js';
import type { DashAction, DashState } from './dashboard-reducer.js';
import type { DashboardSources } from './panel-data.js';
import { deadline } from './deadline.js';
import { promptLine } from './prompt-line.js';

export interface DashKeysOptions {
  dashboard: Dashboard;
  sources: DashboardSources;
  stateRef: MutableRefObject<DashState>;
  dispatch: (a: DashAction) => void;
  onClose: () => void;
  now: () => number;
  /** The focused panel's text as written (what `e` starts from). */
  textOf: (index: number) => string;
}

export function dashMode(s: Pick<DashState, 'prompt' | 'picker'>): Mode {
  if (s.prompt) return 'dashPrompt';
  return s.picker ? 'dashPicker' : 'dashboard';
}

export function useDashKeys(o: DashKeysOptions): void {
  const { stateRef, dispatch } = o;
  // Keys read at once arrive before a render: stateRef already holds what the last one's action
  // made (useDashboard applies each action to it), so each key acts on the mode and text it left.
  const completing = useRef<AbortController | null>(null);
  const setText = (text: string, more: { candidates?: string[]; note?: string | null } = {}) => {
    dispatch({ type: 'promptText', text, ...more });
  };

  const openPicker = (varIndex: number) => {
    const v = o.dashboard.variables[varIndex];
    if (!v) return;
    const fixed = v.kind === 'list' || v.kind === 'interval' ? v.values : null;
    dispatch({
      type: 'picker',
      action: { type: 'open', varIndex, variable: v, chosen: stateRef.current.chosen[v.name], values: fixed },
    });
    if (fixed) return;
    const d = deadline(10_000);
    o.sources.variableValues(varIndex, d.signal).then(
      (values) => {
        d.clear();
        dispatch({ type: 'picker', action: { type: 'values', varIndex, values } });
      },
      (e: unknown) => {
        d.clear();
        dispatch({
          type: 'picker',
          action: { type: 'failed', varIndex, message: e instanceof Error ? e.message : String(e) },
        });
      },
    );
  };

  const complete = (text: string) => {
    const s = stateRef.current;
    const panel = s.prompt ? o.dashboard.panels[s.prompt.panel] : undefined;
    if (!panel || !o.sources.complete) return;
    completing.current?.abort();
    const d = deadline(5000);
    const c = d.controller;
    completing.current = c;
    const lead = promptLine(panel.kind);
    if (lead === undefined) return;
    o.sources.complete(lead + text, c.signal).then(
      (r) => {
        d.clear();
        if (c.signal.aborted || !stateRef.current.prompt) return;
        const next = r.line.startsWith(lead) ? r.line.slice(lead.length) : text;
        dispatch({ type: 'promptText', text: next, candidates: r.candidates.length > 1 ? r.candidates : [] });
      },
      (e: unknown) => {
        d.clear();
        if (!c.signal.aborted || d.timedOut())
          dispatch({ type: 'promptText', text, note: e instanceof Error ? e.message : String(e) });
      },
    );
  };

  const handle = (k: Key): boolean => {
    const s = stateRef.current;
    const mode = dashMode(s);
    if (mode === 'dashPrompt') {
      const text = s.prompt?.text ?? '';
      if (isPaste(k)) {
        setText(text + (k.text.split('\n')[0] ?? ''));
        return true;
      }
      switch (resolveCommand(k, { mode })) {
        case 'dash.promptApply':
          dispatch({ type: 'promptApply' });
          return true;
        case 'dash.promptCancel':
          completing.current?.abort();
          dispatch({ type: 'promptCancel' });
          return true;
        case 'dash.promptBackspace':
          setText([...text].slice(0, -1).join(''));
          return true;
        case 'dash.promptComplete':
          complete(text);
          return true;
        default:
          if (!k.ctrl && !k.meta && k.sequence !== '' && k.name === k.sequence) setText(text + k.sequence);
          return true;
      }
    }
    if (mode === 'dashPicker') {
      const at = s.picker?.varIndex ?? 0;
      const n = o.dashboard.variables.length;
      switch (resolveCommand(k, { mode })) {
        case 'dash.pickerUp':
          dispatch({ type: 'picker', action: { type: 'up' } });
          return true;
        case 'dash.pickerDown':
          dispatch({ type: 'picker', action: { type: 'down' } });
          return true;
        case 'dash.pickerToggle':
          dispatch({ type: 'picker', action: { type: 'toggle' } });
          return true;
        case 'dash.pickerNextVar':
          openPicker((at + 1) % n);
          return true;
        case 'dash.pickerPrevVar':
          openPicker((at - 1 + n) % n);
          return true;
        case 'dash.pickerAccept':
          dispatch({ type: 'pickerAccept' });
          return true;
        case 'dash.pickerCancel':
          dispatch({ type: 'picker', action: { type: 'close' } });
          return true;
        default:
          return true;
      }
    }
    const command = resolveCommand(k, { mode: 'dashboard' });
    // Zoomed: the panel's pane had the key first; `z` (and what a pane left) returns.
    if (s.zoomed) {
      if (command === 'dash.zoom' || command === 'dash.close') {
        dispatch({ type: 'unzoom' });
        return true;
      }
      return false;
    }
    switch (command) {
      case 'dash.close':
        o.onClose();
        return true;
      case 'dash.focusNext':
        dispatch({ type: 'focus', by: 1 });
        return true;
      case 'dash.focusPrev':
        dispatch({ type: 'focus', by: -1 });
        return true;
      case 'dash.zoom':
        dispatch({ type: 'zoom' });
        return true;
      case 'dash.zoomIn':
      case 'dash.zoomOut':
        dispatch({ type: command === 'dash.zoomIn' ? 'zoomIn' : 'zoomOut', now: o.now() });
        return true;
      case 'dash.panLeft':
      case 'dash.panRight':
        dispatch({ type: 'pan', direction: command === 'dash.panLeft' ? -1 : 1, now: o.now() });
        return true;
      case 'dash.pause':
        dispatch({ type: 'togglePause', now: o.now() });
        return true;
      case 'dash.refresh':
        dispatch({ type: 'refresh' });
        return true;
      case 'dash.vars':
        if (o.dashboard.variables.length > 0) openPicker(0);
        return true;
      case 'dash.edit': {
        const panel = o.dashboard.panels[s.focus];
        if (panel && promptLine(panel.kind) !== undefined) {
          dispatch({ type: 'promptOpen', text: o.textOf(s.focus) });
        }
        return true;
      }
      default:
        return false;
    }
  };

  useKeys(handle);
}
