// What the class server needs of the rest (handed in by session/class-server.ts, the edge that
// starts the simulators and the per-trainee graders): a trainee's router and telemetry to
// dispatch to, and the lesson engine's grader of that trainee (features/lessons, LESSONS).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  CheckVerdict,
  LessonGrade,
  LineAnswer,
  LineReport,
  StepAnswer,
  StepState,
} from '../../../contract/class.js';

/** One trainee's grader: the current step's checks run against their router, on the server. */
export interface GraderPort {
  /** A command the trainee ran (its line already masked): the checks of the current step. */
  line(report: LineReport, signal: AbortSignal): Promise<LineAnswer>;
  hint(): Promise<StepAnswer>;
  skip(): Promise<StepAnswer>;
  /** Where the trainee is: the lesson (index), the step (0-based; steps.length when done) and its text. */
  where(): { lessonIndex: number; step: number; text: string };
  /** The current lesson's steps as the board shows them. */
  state(): { steps: StepState[]; hints: boolean[]; current: number; stepSince: number };
  grades(): LessonGrade[];
  /** Lesson i from step 1 (after the router went back to its start). */
  startLesson(i: number): Promise<void>;
  /**
   * The line (and its error) with every secret value masked by the one secret rule
   * (lang/secrets.ts, with the trainee's router's metadata): before it is kept or shown.
   */
  mask(line: string, error?: string): { line: string; error?: string };
  /** What --state keeps of the progress (JSON). */
  save(): unknown;
}

/** A trainee's simulators, in process. */
export interface TraineeSims {
  /** The router: path without the prefix in req.url; `prefix` for its redirects. */
  router(req: IncomingMessage, res: ServerResponse, prefix: string): void;
  /** The telemetry: path (`/api/v1/…`) in req.url. */
  telemetry(req: IncomingMessage, res: ServerResponse): void;
  /** The telemetry API key join returns. */
  telemetryKey: string;
  /** The router (tree, users, lists) back to the lesson's start; the trainee's login kept. */
  reset(): void;
}

export type { CheckVerdict };
