// A pasted block of several lines: checked line by line first (nothing sent but metadata
// lookups), threading context changes, so the user sees how many commands there are and
// which lines are wrong before anything runs. Lines are read by THE lexer: a line without
// words (blank, or only a comment) is not a command. A multi-line expression (an alerting
// rule after `metrics query`) is joined into one command, its newlines kept.
import { continuesOnNextLine, type Resolution, scanLine } from '../lang/index.js';
import { splitPipes } from '../lang/pipes.js';
import { contextAfter } from '../lang/context.js';
import { lineSecrets, scrubSecrets } from '../lang/secrets.js';

export { contextAfter } from '../lang/context.js';

export interface PastedLine {
  /** The pasted line the command starts on. */
  n: number;
  text: string;
}

export interface PasteCheck {
  lines: PastedLine[];
  bad: Array<{ n: number; text: string; message: string }>;
}

export function pastedLines(text: string): PastedLine[] {
  const out: PastedLine[] = [];
  let open: PastedLine | undefined;
  text.split('\n').forEach((raw, i) => {
    const t = raw.replace(/\r$/, '');
    if (open && continuesOnNextLine(open.text, t)) {
      open.text += `\n${t}`;
      return;
    }
    if (open) out.push(open);
    open = { n: i + 1, text: t };
  });
  if (open) out.push(open);
  return out
    .map((l) => ({ n: l.n, text: l.text.replace(/\s+$/, '') }))
    .filter((l) => scanLine(l.text).tokens.length > 0);
}

type Resolve = (line: string, context: string[], signal: AbortSignal) => Promise<Resolution>;

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
    const piped = splitPipes(l.text);
    if (piped.error) {
      bad.push({ n: l.n, text: l.text, message: scrubSecrets(piped.error.message, lineSecrets(l.text)) });
      continue;
    }
    const res = await resolve(piped.command, ctx, signal);
    // The message may quote a word of the line: THE secret rule's values are *** (lang/secrets.ts).
    if (res.kind === 'error') {
      const secrets = lineSecrets(piped.command, { words: res.words, context: ctx });
      bad.push({ n: l.n, text: l.text, message: scrubSecrets(res.error.message, secrets) });
    } else ctx = contextAfter(res, ctx);
  }
  return { lines, bad };
}
