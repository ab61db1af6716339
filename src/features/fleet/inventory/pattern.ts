// Ansible's host patterns (inventory/manager.py), pure: `all`, `*`, names, groups, globs
// (`edge-*`), regexes (`~edge-\d+`), unions (`a:b`, `a,b`), intersections (`:&g`), exclusions
// (`:!h`) and subscripts (`edge[0]`, `edge[1:3]`, `edge[-1]`). Regular patterns apply first,
// then the `&`s, then the `!`s, whatever the order written, as in Ansible. Regexes and globs run
// on RE2 (linear time), so no pattern can make the match run away on a long name. RE2 (~275 kB)
// loads only for a pattern that needs it (needsRegexEngine; index.ts selectHosts loads it first),
// not for every fleet command.
import type { RE2JS } from 're2js';
import type { FleetHost, Inventory } from '../../../contract/fleet.js';
import { usageError } from '../../../errors.js';
import { regexEngineNow } from '../../../lang/regex.js';

/** A pattern that can be one address (`web:22`, `edge-[01:10]`, IPv6): not split on `:`. */
const ADDRESS = /^(?:[A-Za-z0-9_.-]|\[[0-9A-Za-z]+:[0-9A-Za-z]+(?::\d+)?\])+(?::\d+)?$/;
const IPV6 = /^[0-9a-fA-F]*:[0-9a-fA-F:.]*:[0-9a-fA-F:.]*$/;
const SUBSCRIPT = /^(.+)\[(?:(-?[0-9]+)|([0-9]+)[:-]([0-9]*))\]$/s;

/**
 * Whether `pattern` may run on RE2 (a `~regex`, a glob of more than one `*`, or patterns read
 * from an `@FILE`): load it first (lang/regex.ts loadRegexEngine).
 */
export const needsRegexEngine = (pattern: string): boolean =>
  /[~@]/.test(pattern) || pattern.split('*').length > 2;

/** `a,b` or `a:b:&c:!d` into its single patterns (split_host_pattern). */
export function splitPattern(pattern: string): string[] {
  let parts: string[];
  if (pattern.includes(',')) parts = pattern.split(',');
  else if (ADDRESS.test(pattern) || IPV6.test(pattern)) parts = [pattern];
  else parts = pattern.match(/(?:[^\s:[\]]|\[[^\]]*\])+/g) ?? [];
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Regular first, then intersections, then exclusions; only modifiers: `all` first. */
function orderPatterns(patterns: readonly string[]): string[] {
  const reg = patterns.filter((p) => p[0] !== '!' && p[0] !== '&');
  return [
    ...(reg.length ? reg : ['all']),
    ...patterns.filter((p) => p[0] === '&'),
    ...patterns.filter((p) => p[0] === '!'),
  ];
}

/** fnmatch.translate: `*`, `?`, `[seq]`, `[!seq]`, the rest literal; whole name. */
export function globToRe(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '[') {
      let j = i + 1;
      if (glob[j] === '!') j++;
      if (glob[j] === ']') j++;
      while (j < glob.length && glob[j] !== ']') j++;
      if (j >= glob.length) out += '\\[';
      else {
        let body = glob.slice(i + 1, j).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        else if (body.startsWith('^')) body = `\\${body}`;
        out += `[${body}]`;
        i = j;
      }
    } else out += c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  }
  return `(?s:${out})\\z`;
}

/** The hosts of an inventory, indexed for patterns; group host lists computed once each. */
export class PatternIndex {
  private readonly hosts = new Map<string, FleetHost>();
  private readonly groups = new Map<string, { hosts: readonly string[]; children: readonly string[] }>();
  private readonly groupHosts = new Map<string, FleetHost[]>();

  constructor(readonly inv: Inventory) {
    for (const h of inv.hosts) this.hosts.set(h.name, h);
    for (const g of inv.groups) this.groups.set(g.name, g);
  }

  /** The hosts `pattern` selects, in Ansible's order (`ansible -i INV PATTERN --list-hosts`). */
  select(pattern: string): FleetHost[] {
    return this.evaluate(splitPattern(pattern));
  }

  /** The hosts of single patterns already split (an `@file`'s lines among them). */
  evaluate(patterns: readonly string[]): FleetHost[] {
    let out: FleetHost[] = [];
    for (const p of orderPatterns(patterns)) {
      const exact = this.hosts.get(p);
      if (exact) {
        if (!out.includes(exact)) out.push(exact);
        continue;
      }
      const that = this.one(p);
      if (p[0] === '!') {
        const set = new Set(that);
        out = out.filter((h) => !set.has(h));
      } else if (p[0] === '&') {
        const set = new Set(that);
        out = out.filter((h) => set.has(h));
      } else {
        const have = new Set(out);
        for (const h of that) {
          if (have.has(h)) continue;
          out.push(h);
          have.add(h);
        }
      }
    }
    return out;
  }

  /** One pattern, its `&`/`!` ignored: its matches, then its subscript. */
  private one(raw: string): FleetHost[] {
    const pattern = raw[0] === '&' || raw[0] === '!' ? raw.slice(1) : raw;
    if (pattern === '') return [];
    const m = pattern[0] === '~' ? null : SUBSCRIPT.exec(pattern);
    const expr = m ? (m[1] as string) : pattern;
    const hosts = this.enumerate(expr);
    if (!m || hosts.length === 0) return hosts;
    if (m[2] !== undefined) {
      const i = Number(m[2]);
      const h = hosts.at(i);
      if (!h) throw usageError(`no host matches the subscripted pattern '${pattern}'`);
      return [h];
    }
    const start = Number(m[3]);
    let end = m[4] ? Number(m[4]) : -1;
    // Ansible: an end of 0 is taken as "no end" (Python's `if end:`): the start's host alone.
    if (!end) {
      const h = hosts[start];
      if (!h) throw usageError(`no host matches the subscripted pattern '${pattern}'`);
      return [h];
    }
    if (end === -1) end = hosts.length - 1;
    return hosts.slice(start, end + 1);
  }

  /** Groups whose name matches (all their hosts), and hosts whose name does (_enumerate_matches). */
  private enumerate(pattern: string): FleetHost[] {
    const match = matcher(pattern);
    const out: FleetHost[] = [];
    const seen = new Set<FleetHost>();
    let groupMatched = false;
    for (const g of this.groups.keys()) {
      if (!match(g)) continue;
      groupMatched = true;
      for (const h of this.hostsOf(g)) out.push(h);
    }
    if (!groupMatched || pattern[0] === '~' || /[.?*[]/.test(pattern))
      for (const h of this.hosts.values()) if (match(h.name)) out.push(h);
    return out.filter((h) => {
      if (seen.has(h)) return false;
      seen.add(h);
      return true;
    });
  }

  /** A group's hosts and its descendants', the group's own first, then breadth first. */
  hostsOf(group: string): FleetHost[] {
    let list = this.groupHosts.get(group);
    if (list) return list;
    list = [];
    const seenHosts = new Set<string>();
    const seenGroups = new Set<string>([group]);
    let level = [group];
    while (level.length) {
      const next: string[] = [];
      for (const g of level) {
        for (const n of this.groups.get(g)?.hosts ?? []) {
          if (seenHosts.has(n)) continue;
          seenHosts.add(n);
          const h = this.hosts.get(n);
          if (h) list.push(h);
        }
        for (const c of this.groups.get(g)?.children ?? []) {
          if (seenGroups.has(c)) continue;
          seenGroups.add(c);
          next.push(c);
        }
      }
      level = next;
    }
    this.groupHosts.set(group, list);
    return list;
  }
}

/** A name test for one pattern: `~regex` (matched at the start, as Python's re.match), else a glob. */
function matcher(pattern: string): (name: string) => boolean {
  // A plain name (most patterns: a group, a host) is compared, not matched.
  if (!/[*?[~]/.test(pattern)) return (name) => name === pattern;
  // A glob with at most one `*` cannot backtrack badly: V8's engine, ~10x RE2's speed here
  // (100,000 names). More stars, and every `~regex`, run on RE2.
  if (pattern[0] !== '~' && pattern.split('*').length <= 2) {
    const js = new RegExp(`^${globToRe(pattern).replace(/^\(\?s:(.*)\)\\z$/s, '$1')}$`, 's');
    return (name) => js.test(name);
  }
  const re = pattern[0] === '~' ? pattern.slice(1) : globToRe(pattern);
  const RE2 = regexEngineNow();
  if (!RE2) throw new Error(`host pattern '${pattern}': the regex engine is not loaded (needsRegexEngine)`);
  let compiled: RE2JS;
  try {
    compiled = RE2.compile(re);
  } catch (e) {
    throw usageError(`invalid host pattern '${pattern}': ${(e as Error).message.split('\n')[0]}`);
  }
  return (name) => compiled.matcher(name).lookingAt();
}
