// How a dry run shows a line: the request as `METHOD /api/path {body}` (the body as it would
// be sent), secrets as `***` in the path, the body and the echoed command, and a status.
import { encodeWord } from '../../api/router/encode.js';
import type { RouterRequest } from '../../api/router/types.js';
import type { ResolvedWord } from '../../lang/index.js';
import { REDACTED, redactLine, secretWordIndexes } from '../../lang/secrets.js';
import type { DryLine } from './dry-run.js';

export interface RequestView {
  method: string;
  path: string;
  body?: { Actions?: string[]; Options?: Record<string, Array<string | number>> };
}

/** The request with every value typed into a secret slot (secret-slots.ts) replaced by `***`. */
export function requestView(
  req: RouterRequest,
  words: readonly ResolvedWord[],
  context: readonly string[],
  apiRoot: string,
): RequestView {
  const secretPath = new Set<number>();
  const secretOptions = new Set<string>();
  const secrets = new Set(secretWordIndexes(words, context));
  let index = context.length;
  words.forEach((w, i) => {
    if (w.role === 'token' || w.role === 'value') {
      if (secrets.has(i) && w.role === 'value') secretPath.add(index);
      index++;
    } else if (secrets.has(i) && w.option) secretOptions.add(w.option.name);
  });
  const path = `${apiRoot}/${req.words.map((w, i) => (secretPath.has(i) ? REDACTED : encodeWord(w))).join('/')}`;
  const view: RequestView = { method: req.method, path };
  if (req.method !== 'POST') return view;
  const body: NonNullable<RequestView['body']> = {};
  if (req.actions) body.Actions = [...req.actions];
  if (req.options) {
    body.Options = Object.fromEntries(
      Object.entries(req.options).map(([k, v]) => [k, secretOptions.has(k) ? v.map(() => REDACTED) : v]),
    );
  }
  view.body = body;
  return view;
}

/** The line as typed, values of secret slots (by resolved name) and secret-like words hidden. */
export function redactedCommand(
  line: string,
  words: readonly ResolvedWord[] | undefined,
  context: readonly string[],
): string {
  return words ? redactLine(line, { words, context }) : redactLine(line);
}

/** One line of human output (no newline); undefined for an empty line. */
export function dryLineText(d: DryLine, view: RequestView | undefined, command: string): string | undefined {
  const why = d.why ? `  # ${d.status}: ${d.why}` : '';
  if (view) return `${view.method} ${view.path}${view.body ? ` ${JSON.stringify(view.body)}` : ''}${why}`;
  switch (d.status) {
    case 'context':
      return d.exit ? undefined : `# context: ${d.context?.join(' ') || '(top)'}`;
    case 'not-run':
      return d.why === 'empty' ? undefined : `# not run: ${command} (${d.why ?? ''})`;
    case 'unchecked':
      return `# unchecked: ${command} (${d.why ?? ''})`;
    default:
      return undefined;
  }
}

/** One JSON object per line for `--json`. */
export function dryLineJson(d: DryLine, view: RequestView | undefined, command: string, n?: number): unknown {
  return {
    ...(n !== undefined ? { line: n } : {}),
    command,
    status: d.status,
    ...(view ? { request: view } : {}),
    ...(d.why && d.why !== 'empty' ? { why: d.why } : {}),
    ...(d.status === 'context' && d.context ? { context: d.context } : {}),
    ...(d.error ? { error: d.error.toJSON() } : {}),
  };
}
