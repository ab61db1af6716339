// The `dry-run WORD…` built-in (shell and scripts), and the shared rendering of a dry-run line
// for it and for `--dry-run` (batch.ts): the request it would send, sending nothing.
import { Overlay } from '../../lang/overlay.js';
import { lineSecrets, scrubSecrets } from '../../lang/secrets.js';
import { type DryEnv, type DryLine, dryRunLine, innerLine } from './dry-run.js';
import { dryLineJson, dryLineText, redactedCommand, requestView } from './dry-run-text.js';
import type { Handler } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';

export interface ShownDryLine {
  /** Human text, one line, or undefined when there is nothing to show (empty, exit). */
  text: string | undefined;
  json: unknown;
}

/** `line`'s dry run as text and JSON (`n`: its line number in a script). */
export function showDryLine(
  d: DryLine,
  line: string,
  env: DryEnv,
  context: string[],
  n?: number,
): ShownDryLine {
  const view =
    d.request && d.words
      ? requestView(d.request, d.words, context, env.services.router.apiRoot ?? '/api')
      : undefined;
  const command = redactedCommand(line, d.words, context);
  // THE secret rule on what the line's error or note may quote of it (lang/secrets.ts).
  const secrets = lineSecrets(line, d.words ? { words: d.words, context } : undefined);
  return {
    text: scrubSecrets(dryLineText(d, view, command), secrets),
    json: scrubSecrets(dryLineJson(d, view, command, n), secrets),
  };
}

/** Each `dry-run` line stands alone: nothing an earlier one showed was sent. */
export const dryRun: Handler<'dry-run'> = async ({ args }, { state, services, signal }): Promise<Outcome> => {
  const line = innerLine(args);
  const env: DryEnv = { state: { context: state.context }, services, overlay: new Overlay(), signal };
  const d = await dryRunLine(line, env);
  if (d.error) return { kind: 'error', error: d.error };
  const shown = showDryLine(d, line, env, state.context);
  return { kind: 'text', text: shown.text ? `${shown.text}\n` : '', json: shown.json };
};
