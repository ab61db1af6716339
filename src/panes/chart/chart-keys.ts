// Key bindings of the chart pane as data: one entry per command, matched in order.

/** The subset of Ink's Key the panes look at (kept here so pure modules need not import ink). */
export interface KeyLike {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  backspace?: boolean;
  delete?: boolean;
  ctrl?: boolean;
  meta?: boolean;
}

export type ChartCommand =
  | 'chart.pause'
  | 'chart.zoomIn'
  | 'chart.zoomOut'
  | 'chart.panLeft'
  | 'chart.panRight'
  | 'chart.refresh'
  | 'chart.coarser'
  | 'chart.close'
  | { toggle: number };

const BINDINGS: ReadonlyArray<[ChartCommand, (input: string, key: KeyLike) => boolean]> = [
  ['chart.close', (i, k) => i === 'q' || k.escape === true],
  ['chart.pause', (i) => i === 'p' || i === ' '],
  ['chart.zoomIn', (i) => i === '+' || i === '='],
  ['chart.zoomOut', (i) => i === '-' || i === '_'],
  ['chart.panLeft', (i, k) => k.leftArrow === true || i === 'h'],
  ['chart.panRight', (i, k) => k.rightArrow === true || i === 'l'],
  ['chart.refresh', (i) => i === 'r'],
  ['chart.coarser', (i) => i === 'c'],
];

export function matchChartKey(input: string, key: KeyLike): ChartCommand | undefined {
  // Ink reports a lone Escape with meta set, so it is matched before modifiers are refused.
  if (key.escape === true) return 'chart.close';
  // Ctrl-C leaves the pane like q: in the shell it is the key that stops what is on screen.
  if (key.ctrl === true && input === 'c') return 'chart.close';
  if (key.ctrl === true || key.meta === true) return undefined;
  if (/^[1-9]$/.test(input)) return { toggle: Number(input) - 1 };
  for (const [command, matches] of BINDINGS) if (matches(input, key)) return command;
  return undefined;
}
