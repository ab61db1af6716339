// What the instructor's board pane (panes/class-board/) reads and asks: made by
// features/class/board/ over the class server's client, with every command line's secrets
// masked before the pane sees it. Types only.
import type { Board, TraineeDetail } from './class.js';

export interface ClassBoardSource {
  /** The board now (`after` absent), or once its version passes `after` (a long poll). */
  board(after: number | undefined, signal: AbortSignal): Promise<Board>;
  /** One trainee's recent commands and checks (read only). */
  trainee(name: string, signal: AbortSignal): Promise<TraineeDetail>;
  /** One trainee's router (or every one, `name` absent) back to the lesson's start. */
  reset(name: string | undefined): Promise<void>;
  /** A one-line message shown in every trainee's shell. */
  message(text: string): Promise<void>;
  /** The class on to the next lesson, step 1, every router at its start. */
  next(): Promise<void>;
}
