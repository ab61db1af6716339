// A fleet's configurations compared (issue 39 item 5, `routersh -i INV config diff`): the lines
// every host has, then each line that not all have, with the hosts that have it and those that
// do not (gnmic's `diff --compare`); with a reference host, each host against it as `-` (only
// the reference has it) and `+` (only the host), hosts with the same difference grouped as
// dshbak -c groups answers (gnmic's `diff --ref`). Pure: lines in, a stable document out.
import { groupLabel, sortNames } from '../run/group.js';

/** One host's configuration as the lines that create it (`show configuration`'s text). */
export interface HostLines {
  host: string;
  lines: readonly string[];
}

/** A line not every host has. */
export interface SplitLine {
  line: string;
  /** The hosts that have it, in name order (the others do not: not listed, 999 names a line at 1,000 hosts). */
  on: string[];
}

/** Hosts whose configuration differs from the reference's in the same way. */
export interface AgainstRef {
  hosts: string[];
  /** Lines only the reference has (`-`). */
  removed: string[];
  /** Lines only these hosts have (`+`). */
  added: string[];
}

export interface FleetDiff {
  /** Every host compared, in name order. */
  hosts: string[];
  /** Lines on every host, in the order the first host (by name) has them. */
  common: string[];
  /** Lines not on every host, in the order of the union (first host's order, then the next's). */
  split: SplitLine[];
  /** With a reference: its name, and the other hosts grouped by their difference ([] = same). */
  ref?: string;
  against?: AgainstRef[];
  differs: boolean;
}

/**
 * Each line with the hosts that have it, in one order: the first host's lines, then each other
 * host's lines not seen yet. One pass over every host's lines (a Map per line, not a scan per host).
 */
function linesWithHosts(hosts: readonly HostLines[]): Map<string, string[]> {
  const on = new Map<string, string[]>();
  for (const h of hosts) {
    const seen = new Set<string>();
    for (const l of h.lines) {
      if (seen.has(l)) continue;
      seen.add(l);
      const list = on.get(l);
      if (list) list.push(h.host);
      else on.set(l, [h.host]);
    }
  }
  return on;
}

/** Compares the hosts' lines; `ref` names one of them (the caller checks it is there). */
export function diffFleet(input: readonly HostLines[], ref?: string): FleetDiff {
  const names = sortNames(input.map((h) => h.host));
  const byName = new Map(input.map((h) => [h.host, h] as const));
  const hosts = names.map((n) => byName.get(n) as HostLines);
  const common: string[] = [];
  const split: SplitLine[] = [];
  // Hosts were visited in name order, so each list is in name order already.
  for (const [line, on] of linesWithHosts(hosts)) {
    if (on.length === names.length) common.push(line);
    else split.push({ line, on });
  }
  const out: FleetDiff = { hosts: names, common, split, differs: split.length > 0 };
  if (ref === undefined) return out;
  const sets = new Map(hosts.map((h) => [h.host, new Set(h.lines)] as const));
  const mine = sets.get(ref) ?? new Set<string>();
  const refLines = byName.get(ref)?.lines ?? [];
  const groups = new Map<string, AgainstRef>();
  for (const h of hosts) {
    if (h.host === ref) continue;
    const theirs = sets.get(h.host) as Set<string>;
    const removed = refLines.filter((l) => !theirs.has(l));
    const added = h.lines.filter((l) => !mine.has(l));
    // The same difference, as text, is one group (JSON keeps the lines apart unambiguously).
    const key = JSON.stringify([removed, added]);
    const g = groups.get(key);
    if (g) g.hosts.push(h.host);
    else groups.set(key, { hosts: [h.host], removed, added });
  }
  // Hosts the same as the reference first, then the largest group, then by first name.
  const against = [...groups.values()].sort(
    (a, b) =>
      Number(a.removed.length + a.added.length > 0) - Number(b.removed.length + b.added.length > 0) ||
      b.hosts.length - a.hosts.length ||
      names.indexOf(a.hosts[0] as string) - names.indexOf(b.hosts[0] as string),
  );
  return { ...out, ref, against };
}

/** The text a terminal shows: names through `clean` (the sanitizer), ranges as dshbak -c writes them. */
export function fleetDiffText(d: FleetDiff, clean: (s: string) => string): string {
  const label = (hosts: readonly string[]) => clean(groupLabel(hosts));
  const out: string[] = [];
  if (d.ref !== undefined && d.against) {
    const ref = clean(d.ref);
    for (const g of d.against) {
      if (g.removed.length + g.added.length === 0) {
        out.push(`same as ${ref}: ${label(g.hosts)}`);
        continue;
      }
      out.push(`${label(g.hosts)} against ${ref}:`);
      for (const l of g.removed) out.push(`- ${clean(l)}`);
      for (const l of g.added) out.push(`+ ${clean(l)}`);
    }
    if (d.against.length === 0) out.push(`only ${ref}: nothing to compare it with`);
    return `${out.join('\n')}\n`;
  }
  out.push(`on every host, ${label(d.hosts)}: ${lines(d.common.length)}`);
  for (const l of d.common) out.push(`  ${clean(l)}`);
  if (d.split.length === 0) {
    out.push('no differences');
    return `${out.join('\n')}\n`;
  }
  // Lines with the same hosts printed together under them (dshbak -c's grouping, for lines):
  // the groups most hosts share first, each in the order of the union.
  const groups = new Map<string, SplitLine[]>();
  for (const s of d.split) {
    const key = s.on.join('\n');
    const g = groups.get(key);
    if (g) g.push(s);
    else groups.set(key, [s]);
  }
  const ordered = [...groups.values()].sort(
    (a, b) => (b[0] as SplitLine).on.length - (a[0] as SplitLine).on.length,
  );
  for (const g of ordered) {
    const first = g[0] as SplitLine;
    // The smaller side is named: `only on edge-07`, `on all but edge-07` (a range of 999 names
    // per line would cost seconds at 1,000 hosts and say less).
    if (first.on.length * 2 <= d.hosts.length) out.push(`only on ${label(first.on)}: ${lines(g.length)}`);
    else {
      const has = new Set(first.on);
      out.push(`on all but ${label(d.hosts.filter((h) => !has.has(h)))}: ${lines(g.length)}`);
    }
    for (const s of g) out.push(`  ${clean(s.line)}`);
  }
  return `${out.join('\n')}\n`;
}

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/** `--json`: the document, keys and order fixed; hosts that could not be read beside it. */
export function fleetDiffJson(
  d: FleetDiff,
  unread: readonly { host: string; error: string }[],
): Record<string, unknown> {
  return {
    hosts: d.hosts,
    ...(d.ref !== undefined ? { ref: d.ref } : {}),
    common: d.common,
    differing: d.split.map((s) => ({ line: s.line, on: s.on })),
    ...(d.against
      ? { against: d.against.map((g) => ({ hosts: g.hosts, removed: g.removed, added: g.added })) }
      : {}),
    unread: sortNames(unread.map((u) => u.host)).map((h) => ({
      host: h,
      error: unread.find((u) => u.host === h)?.error ?? '',
    })),
    differs: d.differs,
  };
}
