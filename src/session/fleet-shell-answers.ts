// What the fleet shell's lines answer (its runs and candidate mode alike): a text or an error,
// in the shape FleetShellPort.run gives the Ink shell.
import type { FleetHost, FleetShellPort } from '../contract/fleet.js';
import type { Outcome } from '../contract/outcome.js';
import { commandFailedError, type RoutershError } from '../errors.js';
import { groupedText, type HostAnswer, someRefuse } from '../features/fleet/shell/grouped-text.js';
import { errorLine } from '../term/error-line.js';
import type { HostOutcome } from './fleet.js';

export type Piped = Awaited<ReturnType<FleetShellPort['run']>>;

export const text = (t: string, json: unknown = t): Piped => ({
  outcome: { kind: 'text', text: t, json },
  page: true,
});
export const error = (e: RoutershError): Piped => ({ outcome: { kind: 'error', error: e }, page: false });
export const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The hosts' answers to one line, identical ones printed once (grouped-text.ts); `--json` per host. */
export function grouped(done: readonly HostOutcome<FleetHost, Piped>[]): Piped {
  const answers = done.map((d): HostAnswer => {
    if (!d.ok) return { host: d.host.name, text: errorLine(d.error), failed: true };
    return { host: d.host.name, ...answerOf(d.value.outcome) };
  });
  const bad = answers.filter((a) => a.failed).map((a) => a.host);
  const json = done.map((d) => ({
    host: d.host.name,
    status: d.ok ? 'ok' : 'failed',
    ...(d.ok ? { output: outcomeJson(d.value.outcome) } : { error: d.error.message }),
  }));
  const r = text(groupedText(answers), json);
  if (bad.length === answers.length) {
    const failure = commandFailedError(`failed on every host (${bad.length})`);
    return { ...r, outcome: { ...(r.outcome as Extract<Outcome, { kind: 'text' }>), failure } };
  }
  return bad.length ? { ...r, warning: someRefuse(bad, answers.length) } : r;
}

/** What the single-router shell prints for one host's outcome, and whether it failed. */
function answerOf(outcome: Outcome): { text: string; failed: boolean } {
  switch (outcome.kind) {
    case 'router':
      return { text: outcome.text, failed: !outcome.envelope.ok };
    case 'text':
      return outcome.failure
        ? { text: `${outcome.text}${errorLine(outcome.failure)}\n`, failed: true }
        : { text: outcome.text, failed: false };
    case 'error':
      return { text: errorLine(outcome.error), failed: true };
    case 'context':
      return { text: outcome.text, failed: false };
    case 'pane':
      return { text: "% a pane shows one host: use 'on HOST'", failed: true };
    case 'empty':
    case 'exit':
      return { text: '', failed: false };
    default:
      return outcome satisfies never;
  }
}

function outcomeJson(outcome: Outcome): unknown {
  if (outcome.kind === 'router') return outcome.envelope.raw;
  if (outcome.kind === 'text') return outcome.json;
  return null;
}
