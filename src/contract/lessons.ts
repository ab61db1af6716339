// What a session's lesson driver offers the shell and the built-ins: lesson-driver.ts makes the
// local one (progress in a file), features/class/join/remote-lessons.ts a classroom's (graded on
// the class server, so its answers may take a round trip: hence the promises).
import type { Outcome } from './outcome.js';

export interface LessonDriver {
  /** The status line above the prompt; undefined when no lesson is under way. */
  status(): string | undefined;
  subscribe(listener: () => void): () => void;
  list(): string;
  /** Starts (or restarts) a lesson at step 1; returns its introduction and first step. */
  start(name: string): string | Promise<string>;
  hint(): string | Promise<string>;
  skip(): string | Promise<string>;
  where(): string | Promise<string>;
  /** Checks the current step after a command; returns the note to print ('' when none). */
  afterLine(line: string, context: readonly string[], outcome: Outcome, signal: AbortSignal): Promise<string>;
  /**
   * Notes that arrive between commands (a class's instructor message, the class server gone or
   * back): one sanitized line each. Absent: a driver that has none.
   */
  notes?(listener: (note: string) => void): () => void;
}
