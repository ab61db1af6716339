// What a session's lesson driver offers the shell and the built-ins (lesson-driver.ts makes it).
import type { Outcome } from './outcome.js';

export interface LessonDriver {
  /** The status line above the prompt; undefined when no lesson is under way. */
  status(): string | undefined;
  subscribe(listener: () => void): () => void;
  list(): string;
  /** Starts (or restarts) a lesson at step 1; returns its introduction and first step. */
  start(name: string): string;
  hint(): string;
  skip(): string;
  where(): string;
  /** Checks the current step after a command; returns the note to print ('' when none). */
  afterLine(line: string, context: readonly string[], outcome: Outcome, signal: AbortSignal): Promise<string>;
}
