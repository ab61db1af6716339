// parseMonitor for one pane's reads, one after the other. The API has no delta, so each read
// brings the whole list: an output equal to the one before gives back the same data (nothing is
// parsed, and the pane sees that nothing changed); a line equal to the one at the same place in
// the read before, under the same table columns, gives back the same member without being read
// again (a string comparison: a Map by text cost more than it saved when most lines change, as
// countdowns make them do). A long output is read in slices with a turn of the event loop
// between them, so that a key pressed during a refresh is not kept waiting for the whole list.
import type { ShowTable } from '../../api/router/types.js';
import { type MonitorData, type MonitorMember, parseMonitor, readLine, textState } from './parse-monitor.js';

/** Lines read between two turns of the event loop (a few ms of work). */
const SLICE = 4096;

/** The lines of a read, the member each gave and the columns in force at each. */
interface ReadLines {
  lines: string[];
  members: Array<MonitorMember | undefined>;
  columns: string[];
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type MonitorParse = (
  output: string | ShowTable | undefined,
  signal?: AbortSignal,
) => Promise<MonitorData>;

/** A parser for one pane: it keeps the last read (its text, lines and data), nothing older. */
export function monitorParser(): MonitorParse {
  let text: string | undefined;
  let data: MonitorData | undefined;
  let before: ReadLines | undefined;
  return async (output, signal) => {
    if (typeof output !== 'string') {
      text = undefined;
      before = undefined;
      data = parseMonitor(output);
      return data;
    }
    if (output === text && data) return data;
    const lines = output.split(/\r?\n/);
    const after: ReadLines = { lines, members: new Array(lines.length), columns: new Array(lines.length) };
    const st = textState();
    for (let i = 0; i < lines.length; i++) {
      if (i > 0 && i % SLICE === 0) {
        await turn();
        signal?.throwIfAborted();
      }
      const raw = lines[i]!;
      const same = before !== undefined && before.lines[i] === raw && before.columns[i] === st.columnsKey;
      after.columns[i] = st.columnsKey;
      after.members[i] = readLine(raw, st, same ? before!.members[i] : undefined);
    }
    text = output;
    before = after;
    data = st.out;
    return data;
  };
}
