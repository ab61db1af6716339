// What a key does in the log pane, from the one keymap (`logs.*` commands), in the pane's mode:
// the `/` prompt takes every key (Enter, Esc and Backspace act on it, other text is typed); a
// record's fields, `b`'s menus and its y/n question each have their own few keys.
import { isPaste, type Key } from '../../keys/key-parser.js';
import { type Command, type Mode, resolveCommand } from '../../keys/keymap.js';
import type { LogAction, LogState } from './log-reducer.js';

/** `block` and `chart` need the selected record and the pane's links: the hook does them. */
export type LogKeyResult = LogAction | 'close' | 'block' | 'chart' | undefined;

export type LogMode = Extract<Mode, 'logs' | 'logsPrompt' | 'logsDetail' | 'logsMenu' | 'logsConfirm'>;

const blockAction = (action: Extract<LogAction, { type: 'block' }>['action']): LogAction => ({
  type: 'block',
  action,
});

const ACTIONS: Partial<Record<Command, LogAction | 'close' | 'block' | 'chart'>> = {
  'logs.close': 'close',
  'logs.pageUp': { type: 'page', direction: -1 },
  'logs.pageDown': { type: 'page', direction: 1 },
  'logs.scrollUp': { type: 'cursor', by: 1 },
  'logs.scrollDown': { type: 'cursor', by: -1 },
  'logs.top': { type: 'top' },
  'logs.bottom': { type: 'bottom' },
  'logs.wrap': { type: 'toggleWrap' },
  'logs.facets': { type: 'toggleFacets' },
  'logs.search': { type: 'promptOpen' },
  'logs.promptApply': { type: 'promptApply' },
  'logs.promptCancel': { type: 'promptCancel' },
  'logs.promptBackspace': { type: 'promptBackspace' },
  'logs.detail': { type: 'detail', open: true },
  'logs.detailClose': { type: 'detail', open: false },
  'logs.block': 'block',
  'logs.chart': 'chart',
  'logs.menuUp': blockAction({ type: 'move', by: -1 }),
  'logs.menuDown': blockAction({ type: 'move', by: 1 }),
  'logs.menuAccept': blockAction({ type: 'accept' }),
  'logs.menuCancel': blockAction({ type: 'cancel' }),
  'logs.confirmYes': blockAction({ type: 'yes' }),
  'logs.confirmNo': blockAction({ type: 'cancel' }),
};

const fromList = (c: Command | undefined) => (c === 'logs.block' || c === 'logs.chart' ? c : undefined);

/** The mode the pane's keys are read in. */
export function logMode(s: Pick<LogState, 'prompt' | 'block' | 'detail'>): LogMode {
  if (s.prompt !== null) return 'logsPrompt';
  if (s.block) return s.block.step === 'confirm' ? 'logsConfirm' : 'logsMenu';
  return s.detail ? 'logsDetail' : 'logs';
}

/** One key → the pane's action, an intent, or nothing. */
export function logKeyAction(key: Key, mode: LogMode): LogKeyResult {
  const promptOpen = mode === 'logsPrompt';
  if (isPaste(key))
    return promptOpen ? { type: 'promptInput', text: key.text.split('\n')[0] ?? '' } : undefined;
  // A record's fields keep `b` and `c` of the list: they act on the record shown.
  const command =
    resolveCommand(key, { mode }) ??
    (mode === 'logsDetail' ? fromList(resolveCommand(key, { mode: 'logs' })) : undefined);
  if (command !== undefined) return ACTIONS[command];
  if (!promptOpen || key.ctrl || key.meta || key.sequence === '' || key.name !== key.sequence)
    return undefined;
  return { type: 'promptInput', text: key.sequence };
}
