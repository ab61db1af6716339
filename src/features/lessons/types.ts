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
  | { kind: 'logs'; query: string };

export type CheckKind = Check['kind'];

export interface Step {
  title: string;
  /** Instruction text, as written (Markdown). */
  text: string;
  hint?: string;
  checks: Check[];
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
