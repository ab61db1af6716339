// What a key does in the log pane, given the state the last key left (the pane kit applies keys
// one by one, so keys typed right after `/` or `b` reach the prompt or the menu). `b` and `c`
// act on the selected record: `b` starts the block flow, `c` opens a chart beside the logs.
import type { Key } from '../../keys/key-parser.js';
import type { PaneKeyResult } from '../kit/index.js';
import { chartForRecord, type PaneLink, type PaneRequest } from '../pane-links.js';
import { logKeyAction, logMode } from './log-commands.js';
import { type LogAction, type LogState, selectedEntry } from './log-reducer.js';
import { recordAddresses } from './record-addresses.js';
import type { MatchListPort } from '../../contract/logs.js';

export interface LogKeyContext {
  onClose: () => void;
  now: () => number;
  /** Log field ↔ metric label pairs for `c`. */
  links: readonly PaneLink[];
  /** The links are the profile's `paneLinks` (else the simulator's defaults). */
  linksConfigured?: boolean | undefined;
  /** `b`: absent when the pane cannot change the router. */
  matchLists?: MatchListPort | undefined;
  /** `c`: absent when the pane cannot open another. */
  onOpen?: ((req: PaneRequest) => void) | undefined;
}

export function logKey(key: Key, s: LogState, c: LogKeyContext): PaneKeyResult<LogAction> {
  const result = logKeyAction(key, logMode(s));
  if (result === 'close') c.onClose();
  else if (result === 'block' || result === 'chart') return recordAction(s, result, c) ?? true;
  else return result;
  return true;
}

/** `b` and `c` on the selected record: the action to apply, or nothing (`c` opened a chart). */
function recordAction(s: LogState, what: 'block' | 'chart', c: LogKeyContext): LogAction | undefined {
  const note = (text: string): LogAction => ({ type: 'note', text });
  const entry = selectedEntry(s);
  if (!entry) return note('no record selected');
  if (what === 'block') {
    if (!c.matchLists) return note('no router to add an address to');
    return { type: 'block', action: { type: 'start', addresses: recordAddresses(entry.record) } };
  }
  const r = chartForRecord(entry.record, c.links, c.now(), c.linksConfigured !== false);
  if ('reason' in r) return note(`no chart: ${r.reason}`);
  if (!c.onOpen) return note('no chart from here');
  c.onOpen(r);
  return undefined;
}
