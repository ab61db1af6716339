// The log pane's `b` as the shell sees it: the router's match-lists from the metadata of
// `ipv4 firewall match-list` (its value node's SetValues), a dry run of the line for the preview, and the line
// itself through the runner — validated and journaled exactly as if it had been typed.
import { commandFailedError } from '../../errors.js';
import { quoteWord } from '../../lang/tokenize.js';
import type { MatchListPort } from '../../contract/logs.js';
import type { Outcome } from '../../contract/outcome.js';
import type { Services } from '../../contract/services.js';
import { listWords } from './target.js';

/** `ipv4 firewall match-list LIST action match net ADDR` (sim/router/tree/firewall.ts). */
export const addLine = (list: string, address: string): string =>
  [...listWords(list).map(quoteWord), 'net', quoteWord(address)].join(' ');

/** The outcome's answer, or its failure as an error (a refused change is one). */
function answer(outcome: Outcome, what: string): string {
  switch (outcome.kind) {
    case 'error':
      throw outcome.error;
    case 'router':
      if (!outcome.envelope.ok) throw commandFailedError(outcome.envelope.message.trim() || `${what} failed`);
      return outcome.envelope.message.trim() || `${what}: done`;
    case 'text':
      return outcome.text.trim();
    default:
      return `${what}: done`;
  }
}

/** Runs a line as if typed at the top level (a pane is not in the shell's context). */
export type RunTopLine = (line: string, signal: AbortSignal) => Promise<Outcome>;

export function matchListPort(services: Services, runLine: RunTopLine): MatchListPort {
  return {
    async lists(signal) {
      const words = listWords('').slice(0, 3);
      const env = await services.router.send({ method: 'GET', words }, { signal });
      if (!env.ok) throw commandFailedError(env.message.trim() || 'reading the match-lists failed');
      // The names are the SetValues of the `<name>` value node under `match-list`.
      const names = env.nodeInfo?.subNodes.find((n) => n.type === 'Value')?.setValues;
      return [...(names ?? env.nodeInfo?.setValues ?? [])];
    },
    async preview(list, address, signal) {
      const line = addLine(list, address);
      const request = answer(await runLine(`dry-run ${line}`, signal), 'dry-run');
      return { line, request };
    },
    async run(line, signal) {
      return answer(await runLine(line, signal), line);
    },
  };
}
