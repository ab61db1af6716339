// A lesson as parsed from its file (lesson-format.md in the README): a title, an optional
// introduction, and steps, each with instruction text, an optional hint and its checks.

/** What a step must see to be done; every check of a step must hold at once. */
export type Check =
  /** `node PATH… present|absent`: the last word is (not) among the configured values under the rest. */
  | { kind: 'node'; path: string[]; present: boolean }
  /** `value PATH… = VALUE`: VALUE is among the configured values (SetValues) at PATH. */
  | { kind: 'value'; path: string[]; value: string }
  /** `option PATH… VALUE OPTION [= V]`: the configured VALUE under PATH has OPTION (with V). */
  | { kind: 'option'; path: string[]; value: string; option: string; optionValue?: string }
  /** `ran REGEX`: the command just run, as resolved (`sh int` → `show interface`), matches. */
  | { kind: 'ran'; pattern: RegExp }
  /** `metrics EXPR`: an instant query returns at least one series. */
  | { kind: 'metrics'; query: string }
  /** `logs QUERY`: a search over the last hour returns at least one record. */
  | { kind: 'logs'; query: string }
  /** `read "LINE" json PATH|regex RE OP [VALUE] [wait D] [retries N] [message T] [level L]` (read-check.ts). */
  | ReadCheck;

/** One step of a JSON path: an object key, an array index, or the first element whose KEY is VALUE. */
export type PathStep =
  | { kind: 'key'; key: string }
  | { kind: 'index'; index: number }
  | { kind: 'where'; key: string; value: string };

export type ReadOp = '=' | '~' | '>' | '<' | 'present';

/** A show line or node read, run on the router; a value taken from its answer and compared. */
export interface ReadCheck {
  kind: 'read';
  /** A `show …` or `describe …` line (never a change: the resolver decides again at run time). */
  line: string;
  take: { kind: 'json'; path: PathStep[] } | { kind: 'regex'; pattern: string };
  op: ReadOp;
  /** What `=`, `~`, `>`, `<` compare with (absent for `present`). */
  value?: string;
  /** Re-probe until it holds or this passes (`wait D`). */
  waitMs?: number;
  /** Re-probe at most this many more times (`retries N`). */
  retries?: number;
  /** Shown when the check does not hold. */
  message?: string;
  /** `warning`: informs, never fails the step. */
  level: 'error' | 'warning';
}

export type CheckKind = Check['kind'];

export interface Step {
  title: string;
  /** Instruction text, as written (Markdown). */
  text: string;
  hint?: string;
  checks: Check[];
  /** Each check as written after `check:` (same order as `checks`): what a verdict names. */
  written: string[];
  /** The lines that solve the step (`solution:` lines, in order), for `learn --test`. */
  solution: string[];
  /** Line of the step's heading in its file. */
  line: number;
}

export interface Lesson {
  /** The file's base name: what `learn NAME` takes. */
  name: string;
  title: string;
  intro: string;
  steps: Step[];
}

/** A mistake in a lesson file, at a line (1-based). */
export interface LessonIssue {
  line: number;
  message: string;
}

/** One lesson's progress: the current (or last) run, and whether any run completed it. */
export interface LessonProgress {
  lesson: string;
  title: string;
  steps: number;
  /** 0-based index of the step to do; `steps` once the run is over. */
  current: number;
  /** 1-based numbers of the steps passed in this run. */
  done: number[];
  /** 1-based numbers of the steps skipped in this run. */
  skipped: number[];
  startedAt: string;
  updatedAt: string;
  /** When a run first reached the end (kept across later runs). */
  completedAt?: string;
}

/** Where lessons and their progress come from (files, built-ins): the edge, injected. */
export interface LessonStore {
  /** Built-in lesson names, in teaching order. */
  names(): string[];
  /** A lesson by name (or a file path); throws a RoutershError with line-numbered issues. */
  load(name: string): Lesson;
  progress(name: string): LessonProgress | undefined;
  save(p: LessonProgress): void;
}
