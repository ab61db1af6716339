// What a fleet run prints (issue 39 item 2), pure: each command's answers grouped as dshbak -c
// does (identical output once, under `edge-[01-40] (40)`), the outliers apart, the failures last
// with their one-line errors; the `--json` lines; the progress line. Host names and answers are
// server- or inventory-supplied: printed through the sanitizer, names through shell-quote.
import type { HostResult, HostStatus } from '../../../contract/fleet.js';
import { isConnectFailure, type RoutershError } from '../../../errors.js';
import { errorLine } from '../../../term/error-line.js';
import { jsonText, sanitizeLine, sanitizeText } from '../../../term/sanitize.js';
import { shellWord } from '../../../term/shell-quote.js';
import { groupResults } from './group.js';
import type { PoolProgress } from './pool.js';

/** One host's run of one command. */
export interface CommandResult {
  host: string;
  /** Index of the command in the script. */
  index: number;
  command: string;
  /** What it printed (text mode: sanitized later; --json: JSON lines). */
  out: string;
  error?: RoutershError;
  ms: number;
}

export const statusOf = (e: RoutershError | undefined): HostStatus =>
  e === undefined ? 'ok' : isConnectFailure(e) ? 'unreachable' : 'failed';

/** A host's name as printed: control characters made visible, quoted when the shell would need it. */
export const shownName = (name: string): string => shellWord(sanitizeLine(name));

/** `--json`'s output: each JSON document the command printed, parsed (one: itself; none: null). */
export function parsedOutput(out: string): unknown {
  const docs: unknown[] = [];
  for (const line of out.split('\n')) {
    if (line.trim() === '') continue;
    try {
      docs.push(JSON.parse(line));
    } catch {
      docs.push(line);
    }
  }
  return docs.length === 0 ? null : docs.length === 1 ? docs[0] : docs;
}

/** One `--json` line: `{"host","command","status","output","error","ms"}`. */
export function jsonLine(r: CommandResult): string {
  const record: HostResult = {
    host: r.host,
    command: r.command,
    status: statusOf(r.error),
    output: parsedOutput(r.out),
    ...(r.error ? { error: r.error.message } : {}),
    ms: r.ms,
  };
  return `${jsonText(record)}\n`;
}

export interface Summary {
  hosts: number;
  ok: number;
  failed: number;
  unreachable: number;
  ms: number;
}

/** The hosts' summary: a host counts by its first failure (unreachable before failed). */
export function summarize(hosts: readonly string[], results: readonly CommandResult[], ms: number): Summary {
  const worst = new Map<string, HostStatus>(hosts.map((h) => [h, 'ok']));
  for (const r of results) {
    const s = statusOf(r.error);
    if (s !== 'ok' && worst.get(r.host) === 'ok') worst.set(r.host, s);
  }
  const count = (s: HostStatus) => [...worst.values()].filter((v) => v === s).length;
  return {
    hosts: hosts.length,
    ok: count('ok'),
    failed: count('failed'),
    unreachable: count('unreachable'),
    ms,
  };
}

export const summaryJson = (s: Summary): string => `${jsonText({ summary: s })}\n`;

export const summaryText = (s: Summary): string =>
  `${s.hosts} host${s.hosts === 1 ? '' : 's'}: ${s.ok} ok, ${s.failed} failed, ${s.unreachable} unreachable (${seconds(s.ms)})\n`;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const RULE = '-'.repeat(16);

/**
 * The grouped text: per command (headed `== COMMAND` when there are several), each group of
 * identical answers under its hosts, largest first; then the failures, grouped by their error
 * line. `out` is the answers (stdout), `err` the failures (stderr).
 */
export function groupedText(
  commands: readonly string[],
  results: readonly CommandResult[],
): { out: string; err: string } {
  let out = '';
  let err = '';
  commands.forEach((command, index) => {
    const mine = results.filter((r) => r.index === index);
    if (mine.length === 0) return;
    const head = commands.length > 1 ? `== ${sanitizeLine(command)}\n` : '';
    const ok = mine.filter((r) => !r.error);
    if (ok.length > 0) out += head;
    for (const g of groupResults(
      ok.map((r) => ({ host: shownName(r.host), item: sanitizeText(r.out) })),
      (t) => t,
    )) {
      const body = g.item === '' ? '(no output)\n' : g.item.endsWith('\n') ? g.item : `${g.item}\n`;
      out += `${RULE}\n${g.label}\n${RULE}\n${body}`;
    }
    const failed = mine.filter((r) => r.error);
    if (failed.length > 0 && ok.length === 0) err += head;
    for (const g of groupResults(
      failed.map((r) => ({ host: shownName(r.host), item: errorLine(r.error as RoutershError) })),
      (t) => t,
    ))
      err += `${g.label}: ${g.item}${commands.length > 1 ? ` (command ${index + 1})` : ''}\n`;
  });
  return { out, err };
}

/** The progress line (a terminal's stderr, rewritten in place). */
export function progressLine(p: PoolProgress): string {
  const slow =
    p.slowest && p.slowest.ms >= 1000
      ? `, slowest ${shownName(p.slowest.name)} ${seconds(p.slowest.ms)}`
      : '';
  return `${p.done}/${p.total} done, ${p.failed} failed, ${p.running} running${slow}`;
}
