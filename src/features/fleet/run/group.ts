// Many hosts' answers, grouped as pdsh's `dshbak -c` does: hosts whose answer is the same are
// printed once under their names compressed into ranges (`edge-[01-40] (40)`), the outliers
// apart. Pure: no I/O. A name holding `[`, `]` or `,` (which a range uses) is never compressed
// and never part of a range: it stands alone, so a range always expands back to its names.

export interface Group<T> {
  /** The hosts with this answer, in name order (numbers by value). */
  hosts: string[];
  /** `edge-[01-40] (40)`, or the one name alone. */
  label: string;
  /** The first host's item (all are the same by key). */
  item: T;
}

/** A name as prefix, number, suffix: the last run of digits is the number. */
interface Parsed {
  name: string;
  prefix: string;
  digits: string;
  suffix: string;
}

const RANGE_CHARS = /[[\],]/;
/** Above this many digits a number is not compressed (it would lose precision). */
const MAX_DIGITS = 15;

function parse(name: string): Parsed | undefined {
  if (RANGE_CHARS.test(name)) return undefined;
  const m = /^(.*?)(\d+)(\D*)$/s.exec(name);
  if (!m || (m[2] as string).length > MAX_DIGITS) return undefined;
  return { name, prefix: m[1] as string, digits: m[2] as string, suffix: m[3] as string };
}

/** Width a number is padded to: its length when it starts with 0 (`07`), else none. */
const padOf = (digits: string): number => (digits.length > 1 && digits.startsWith('0') ? digits.length : 0);

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names compressed: `edge-[01-03,05],core-1,x`. Runs of consecutive numbers under one prefix,
 * suffix and padding; an unpadded number as wide as a padded run joins it (`09,10`).
 */
export function hostRange(names: readonly string[]): string {
  const alone: string[] = [];
  const runs = new Map<string, { prefix: string; suffix: string; pad: number; nums: Set<number> }>();
  const parsed = names.map((n) => ({ n, p: parse(n) }));
  // The widths of padded numbers per prefix and suffix, so `10` can join `[01-09]`.
  const padded = new Set<string>();
  for (const { p } of parsed)
    if (p && padOf(p.digits)) padded.add(`${p.prefix}\0${p.suffix}\0${p.digits.length}`);
  for (const { n, p } of parsed) {
    if (!p) {
      alone.push(n);
      continue;
    }
    let pad = padOf(p.digits);
    if (!pad && padded.has(`${p.prefix}\0${p.suffix}\0${p.digits.length}`)) pad = p.digits.length;
    const key = `${p.prefix}\0${p.suffix}\0${pad}`;
    let run = runs.get(key);
    if (!run) {
      run = { prefix: p.prefix, suffix: p.suffix, pad, nums: new Set() };
      runs.set(key, run);
    }
    run.nums.add(Number(p.digits));
  }
  const parts: string[] = [...new Set(alone)];
  for (const run of runs.values()) {
    const nums = [...run.nums].sort((a, b) => a - b);
    const show = (n: number) => String(n).padStart(run.pad, '0');
    if (nums.length === 1) {
      parts.push(`${run.prefix}${show(nums[0] as number)}${run.suffix}`);
      continue;
    }
    const spans: string[] = [];
    for (let i = 0; i < nums.length; ) {
      let j = i;
      while (j + 1 < nums.length && (nums[j + 1] as number) === (nums[j] as number) + 1) j++;
      spans.push(i === j ? show(nums[i] as number) : `${show(nums[i] as number)}-${show(nums[j] as number)}`);
      i = j + 1;
    }
    parts.push(`${run.prefix}[${spans.join(',')}]${run.suffix}`);
  }
  return parts.sort(byName).join(',');
}

/** The names a range stands for (hostRange's inverse, for names without `[`, `]` or `,`). */
export function expandRange(range: string): string[] {
  const out: string[] = [];
  // Split at commas outside brackets.
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < range.length; i++) {
    const c = range[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(range.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(range.slice(start));
  for (const part of parts) {
    const m = /^([^[]*)\[([^\]]*)\](.*)$/s.exec(part);
    if (!m) {
      if (part !== '') out.push(part);
      continue;
    }
    const [, prefix, spans, suffix] = m as unknown as [string, string, string, string];
    for (const span of spans.split(',')) {
      const [a, b = a] = span.split('-') as [string, string?];
      const pad =
        a.length > 1 && a.startsWith('0') ? a.length : b.length === a.length && padOf(b) ? b.length : 0;
      const width = Math.max(pad, a.length === b.length ? a.length : 0);
      for (let n = Number(a); n <= Number(b); n++)
        out.push(`${prefix}${String(n).padStart(width, '0')}${suffix}`);
    }
  }
  return out;
}

/** `edge-[01-40] (40)`; one host: its name alone. */
export const groupLabel = (hosts: readonly string[]): string =>
  hosts.length === 1 ? (hosts[0] as string) : `${hostRange(hosts)} (${hosts.length})`;

/**
 * Items grouped by `keyOf` (identical answers together): the largest group first, then by the
 * first name. Every host is in exactly one group.
 */
export function groupResults<T>(
  items: readonly { host: string; item: T }[],
  keyOf: (item: T) => string,
): Group<T>[] {
  const groups = new Map<string, { hosts: string[]; item: T }>();
  for (const { host, item } of items) {
    const key = keyOf(item);
    const g = groups.get(key);
    if (g) g.hosts.push(host);
    else groups.set(key, { hosts: [host], item });
  }
  return [...groups.values()]
    .map((g) => {
      const hosts = sortNames(g.hosts);
      return { hosts, label: groupLabel(hosts), item: g.item };
    })
    .sort((a, b) => b.hosts.length - a.hosts.length || byName(a.hosts[0] as string, b.hosts[0] as string));
}

/** Names in natural order: `edge-2` before `edge-10`. */
export function sortNames(names: readonly string[]): string[] {
  return [...names].sort((a, b) => {
    const pa = parse(a);
    const pb = parse(b);
    if (
      pa &&
      pb &&
      pa.prefix === pb.prefix &&
      pa.suffix === pb.suffix &&
      Number(pa.digits) !== Number(pb.digits)
    )
      return Number(pa.digits) - Number(pb.digits);
    return byName(a, b);
  });
}
