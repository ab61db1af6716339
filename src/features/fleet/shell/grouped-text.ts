// The fleet shell's answer to one line: every host's output grouped as `dshbak -c` groups it
// (RUN's group.ts): identical output printed once under `edge-[01-40] (40):`, each outlier
// under its own names. Host names go through THE sanitizer; the output is each host's as the
// single-router shell prints it, indented under its names. Pure.
import { sanitizeLine } from '../../../term/sanitize.js';
import { groupResults } from '../run/group.js';

export interface HostAnswer {
  host: string;
  /** What the single-router shell prints for the line (an error as its `% …` line). */
  text: string;
  failed: boolean;
}

export function groupedText(answers: readonly HostAnswer[]): string {
  const groups = groupResults(
    answers.map((a) => ({ host: a.host, item: a })),
    (a) => `${a.failed ? 'f' : 'o'}${a.text}`,
  );
  const out: string[] = [];
  for (const g of groups) {
    out.push(`${sanitizeLine(g.label)}:`);
    const body = g.item.text.replace(/\n+$/, '');
    out.push(body === '' ? '  (no output)' : body.replace(/^/gm, '  '));
  }
  return `${out.join('\n')}\n`;
}

/** `edge-[03,07] (2) refuse it` for a line some of the selection refuse. */
export function someRefuse(hosts: readonly string[], total: number): string {
  const g = groupResults(
    hosts.map((host) => ({ host, item: 0 })),
    () => '',
  )[0];
  return `${g ? sanitizeLine(g.label) : ''} of ${total} refuse it`;
}
