// The summary of an import or sync: text for people, an object for `--json`.
import type { BadLine } from './input.js';

export interface Summary {
  list: string;
  /** Distinct entries read from the input. */
  entries: number;
  duplicates: number;
  /** Lines refused before sending (shape or InputRe). */
  invalid: BadLine[];
  added: number;
  refreshed: number;
  removed: number;
  failed: Array<{ entry: string; line?: number; error: string }>;
  dryRun: boolean;
  elapsedMs: number;
  /** Stopped (Ctrl-C) before everything was sent: how many requests were answered, of how many. */
  cancelled?: { sent: number; total: number };
}

export function summaryJson(s: Summary) {
  return {
    list: s.list,
    entries: s.entries,
    duplicates: s.duplicates,
    invalid: s.invalid.map((b) => ({ line: b.line, text: b.text, error: b.reason })),
    added: s.added,
    refreshed: s.refreshed,
    removed: s.removed,
    failed: s.failed.length,
    failures: s.failed,
    ...(s.dryRun ? { dryRun: true } : {}),
    ...(s.cancelled ? { cancelled: true, sent: s.cancelled.sent, total: s.cancelled.total } : {}),
    elapsedMs: Math.round(s.elapsedMs),
  };
}

export const badLineText = (b: BadLine): string => `line ${b.line}: ${b.reason}: ${b.text.trim()}`;

export function summaryText(s: Summary, sync: boolean): string {
  const counts = [
    `${s.added} added`,
    ...(sync ? [`${s.removed} removed`] : [`${s.refreshed} refreshed`]),
    `${s.failed.length} failed`,
  ];
  const extra = [
    ...(s.duplicates ? [`${s.duplicates} duplicate${s.duplicates === 1 ? '' : 's'}`] : []),
    ...(s.invalid.length
      ? [`${s.invalid.length} invalid line${s.invalid.length === 1 ? '' : 's'} skipped`]
      : []),
  ];
  const rate =
    s.elapsedMs > 0 && !s.dryRun
      ? ` (${Math.round(((s.added + s.refreshed + s.removed) * 1000) / s.elapsedMs)}/s)`
      : '';
  const lines = [
    ...(s.cancelled
      ? [`match-list ${s.list}: cancelled after ${s.cancelled.sent} of ${s.cancelled.total} entries sent`]
      : []),
    `match-list ${s.list}${s.dryRun ? ' (dry run)' : ''}: ${counts.join(', ')}${extra.length ? `; ${extra.join(', ')}` : ''} in ${(s.elapsedMs / 1000).toFixed(2)} s${rate}`,
    ...s.invalid.slice(0, 20).map((b) => `  skipped ${badLineText(b)}`),
    ...s.failed
      .slice(0, 20)
      .map((f) => `  failed ${f.line !== undefined ? `line ${f.line}: ` : ''}${f.entry}: ${f.error}`),
  ];
  const more = s.failed.length - 20;
  if (more > 0) lines.push(`  … ${more} more failures (--json lists them all)`);
  return lines.join('\n');
}
