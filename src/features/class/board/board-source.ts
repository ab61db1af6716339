// The board's source over the class server's client: what the pane and `class board --json`
// read. Server text is untrusted: each command line a trainee typed is passed through THE
// secret rule (lang/secrets.ts, with no metadata: every value after a secret-like name is
// masked) even though the server masked it already; the printers sanitize what they show.
import type { ClassClient } from '../../../api/class/client.js';
import type { ClassBoardSource } from '../../../contract/class-board.js';
import type { Board, TraineeDetail } from '../../../contract/class.js';
import { redactLine } from '../../../lang/secrets.js';

export function maskBoard(b: Board): Board {
  return {
    ...b,
    trainees: b.trainees.map((t) =>
      t.last ? { ...t, last: { ...t.last, line: redactLine(t.last.line) } } : t,
    ),
  };
}

export function maskDetail(d: TraineeDetail): TraineeDetail {
  return { ...d, recent: d.recent.map((r) => ({ ...r, line: redactLine(r.line) })) };
}

export function classBoardSource(client: ClassClient): ClassBoardSource {
  return {
    board: async (after, signal) => maskBoard(await client.board(after, signal)),
    trainee: async (name, signal) => maskDetail(await client.trainee(name, signal)),
    reset: (name) => client.reset(name),
    message: (text) => client.message(text),
    next: () => client.next(),
  };
}
