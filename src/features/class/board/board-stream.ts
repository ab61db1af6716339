// `class board --json`: the board as JSON lines, one Board each time it changes (a long poll
// after the version last written), until the signal. The first read's failure is the command's
// (a wrong token or URL: one line, its exit status); a later one is said once on stderr and read
// again after a growing pause (asking for the board now: a restarted server counts its versions
// from 1 again), and said again when the board is back.
import type { ClassBoardSource } from '../../../contract/class-board.js';
import type { Board } from '../../../contract/class.js';

export interface BoardStreamIo {
  line: (board: Board) => void;
  note: (text: string) => void;
  signal: AbortSignal;
  /** Waits `ms` or until the signal (injected so a test can count the pauses). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export async function streamBoard(source: ClassBoardSource, io: BoardStreamIo): Promise<void> {
  let after: number | undefined;
  let failures = 0;
  while (!io.signal.aborted) {
    const asked = Date.now();
    let board: Board;
    try {
      board = await source.board(failures > 0 ? undefined : after, io.signal);
    } catch (e) {
      if (io.signal.aborted) return;
      if (after === undefined) throw e;
      if (failures++ === 0)
        io.note(`class server unreachable, retrying: ${e instanceof Error ? e.message : String(e)}`);
      await io.sleep(Math.min(10_000, 500 * 2 ** failures), io.signal);
      continue;
    }
    if (failures > 0) io.note('class server back');
    failures = 0;
    if (board.version !== after) io.line(board);
    else if (Date.now() - asked < 1000) await io.sleep(1000, io.signal);
    after = board.version;
  }
}
