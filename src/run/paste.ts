// A pasted block of several lines: checked line by line first (nothing sent but metadata
// lookups), threading context changes, so the user sees how many commands there are and
// which lines are wrong before anything runs.
import type { Resolution } from '../lang/index.js';

export interface PastedLine {
  n: number;
  text: string;
}

export interface PasteCheck {
  lines: PastedLine[];
  bad: Array<{ n: number; text: string; message: string }>;
}

export function pastedLines(text: string): PastedLine[] {
  return text
    .split('\n')
    .map((t, i) => ({ n: i + 1, text: t.replace(/\s+$/, '') }))
    .filter((l) => l.text.trim() !== '' && !l.text.trim().startsWith('#'));
}

type Resolve = (line: string, context: string[], signal: AbortSignal) => Promise<Resolution>;

/** Context after a line that changes it (edit/up/top/exit), else unchanged. */
export function contextAfter(res: Resolution, context: string[]): string[] {
  if (res.kind !== 'builtin') return context;
  switch (res.name) {
    case 'edit':
      return res.args;
    case 'up':
      return context.slice(0, -1);
    case 'top':
    case 'exit':
    case 'quit':
      return [];
    default:
      return context;
  }
}

export async function checkPaste(
  text: string,
  context: string[],
  resolve: Resolve,
  signal: AbortSignal,
): Promise<PasteCheck> {
  const lines = pastedLines(text);
  const bad: PasteCheck['bad'] = [];
  let ctx = context;
  for (const l of lines) {
    const res = await resolve(l.text, ctx, signal);
    if (res.kind === 'error') bad.push({ n: l.n, text: l.text, message: res.error.message });
    else ctx = contextAfter(res, ctx);
  }
  return { lines, bad };
}
