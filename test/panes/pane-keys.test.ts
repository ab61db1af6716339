// Pane keys come from the one keymap (`chart.*`, `logs.*`), matched on real terminal input:
// q, Esc and Ctrl-C leave either pane; other Ctrl keys do nothing unless bound; the log
// pane's `/` prompt takes every key.
import { describe, expect, it } from 'vitest';
import { logKeyAction } from '../../src/panes/logs/log-commands.js';
import { type Key, parseKeys, flushKeys } from '../../src/keys/key-parser.js';
import { resolveCommand } from '../../src/keys/keymap.js';

const keys = (raw: string): Key[] => {
  const out = parseKeys(raw);
  return [...out.keys, ...flushKeys(out.state).keys];
};
const key = (raw: string): Key => {
  const [k] = keys(raw);
  if (!k) throw new Error(`no key for ${JSON.stringify(raw)}`);
  return k;
};
const chart = (raw: string) => resolveCommand(key(raw), { mode: 'chart' });

describe('chart keys', () => {
  it.each([
    ['q', 'chart.close'],
    ['\u001b', 'chart.close'],
    ['\u001b\u001b', 'chart.close'],
    ['\u0003', 'chart.close'],
    ['p', 'chart.pause'],
    [' ', 'chart.pause'],
    ['+', 'chart.zoomIn'],
    ['=', 'chart.zoomIn'],
    ['-', 'chart.zoomOut'],
    ['_', 'chart.zoomOut'],
    ['h', 'chart.panLeft'],
    ['\u001b[D', 'chart.panLeft'],
    ['l', 'chart.panRight'],
    ['\u001b[C', 'chart.panRight'],
    ['r', 'chart.refresh'],
    ['c', 'chart.coarser'],
    ['f', 'chart.finer'],
    ['3', 'chart.toggle3'],
    ['9', 'chart.toggle9'],
  ] as const)('%j → %s', (raw, cmd) => {
    expect(chart(raw)).toBe(cmd);
  });

  it('refuses modifiers that are not bound', () => {
    expect(chart('\u0018')).toBeUndefined(); // Ctrl-X
    expect(chart('\u0010')).toBeUndefined(); // Ctrl-P
    expect(chart('0')).toBeUndefined();
  });

  it('a run read at once is one key per character', () => {
    expect(keys('--').map((k) => resolveCommand(k, { mode: 'chart' }))).toEqual([
      'chart.zoomOut',
      'chart.zoomOut',
    ]);
  });
});

describe('log pane keys', () => {
  it('q, Esc and Ctrl-C close the log pane; Ctrl-B/F and PgUp/PgDn page', () => {
    expect(logKeyAction(key('q'), 'logs')).toBe('close');
    expect(logKeyAction(key('\u001b'), 'logs')).toBe('close');
    expect(logKeyAction(key('\u0003'), 'logs')).toBe('close');
    expect(logKeyAction(key('\u0002'), 'logs')).toEqual({ type: 'page', direction: -1 });
    expect(logKeyAction(key('\u0006'), 'logs')).toEqual({ type: 'page', direction: 1 });
    expect(logKeyAction(key('\u001b[5~'), 'logs')).toEqual({ type: 'page', direction: -1 });
    expect(logKeyAction(key('\u001b[6~'), 'logs')).toEqual({ type: 'page', direction: 1 });
  });

  it('scrolls, jumps, wraps, shows facets and opens the search prompt', () => {
    expect(logKeyAction(key('j'), 'logs')).toEqual({ type: 'cursor', by: -1 });
    expect(logKeyAction(key('\u001b[B'), 'logs')).toEqual({ type: 'cursor', by: -1 });
    expect(logKeyAction(key('k'), 'logs')).toEqual({ type: 'cursor', by: 1 });
    expect(logKeyAction(key('g'), 'logs')).toEqual({ type: 'top' });
    expect(logKeyAction(key('\u001b[H'), 'logs')).toEqual({ type: 'top' });
    expect(logKeyAction(key('G'), 'logs')).toEqual({ type: 'bottom' });
    expect(logKeyAction(key('\u001b[F'), 'logs')).toEqual({ type: 'bottom' });
    expect(logKeyAction(key('w'), 'logs')).toEqual({ type: 'toggleWrap' });
    expect(logKeyAction(key('f'), 'logs')).toEqual({ type: 'toggleFacets' });
    expect(logKeyAction(key('/'), 'logs')).toEqual({ type: 'promptOpen' });
    expect(logKeyAction(key('\u0018'), 'logs')).toBeUndefined();
  });

  it('while the `/` prompt is open it takes every key: q is a letter', () => {
    expect(logKeyAction(key('q'), 'logsPrompt')).toEqual({ type: 'promptInput', text: 'q' });
    expect(logKeyAction(key('\r'), 'logsPrompt')).toEqual({ type: 'promptApply' });
    expect(logKeyAction(key('\u001b'), 'logsPrompt')).toEqual({ type: 'promptCancel' });
    expect(logKeyAction(key('\u007f'), 'logsPrompt')).toEqual({ type: 'promptBackspace' });
    expect(logKeyAction(key('\u0003'), 'logsPrompt')).toBeUndefined();
  });
});
