// The shell's one hook into the lesson under way: after a command's outcome is applied, the
// current step is checked and the note (step done, the next one) is printed under the output.
// Over a full-screen pane the note is held (`hold`) and printed when the pane closes.
import type { Outcome } from '../contract/outcome.js';
import type { Services } from '../contract/services.js';

export async function checkLesson(
  deps: Services,
  run: { line: string; context: readonly string[]; outcome: Outcome; signal: AbortSignal },
  print: (note: string) => void,
  hold: (note: string) => void,
): Promise<void> {
  if (!deps.lessons) return;
  const note = await deps.lessons.afterLine(run.line, run.context, run.outcome, run.signal);
  if (!note) return;
  if (run.outcome.kind === 'pane') hold(note);
  else print(note);
}
