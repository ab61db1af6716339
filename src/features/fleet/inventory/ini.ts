// Ansible's INI inventory (plugins/inventory/ini.py): `[group]` host lines with inline `k=v`,
// `[group:children]`, `[group:vars]`, hosts before any section in `ungrouped`, ranges
// `edge-[01:40]`, `host:port`. A child or vars section may name a group defined further down;
// one never defined is an error at the line that named it, as in Ansible.
import { configError } from '../../../errors.js';
import { expandHostEntry } from './host-pattern.js';
import { type InventoryBuilder, MAX_HOSTS } from './model.js';
import { pyLiteral } from './py-literal.js';
import { checkVar } from './secrets.js';

const SECTION = /^\[([^:\]\s]+)(?::(\w+))?\]\s*(?:#.*)?$/;
const GROUP_NAME = /^([^:\]\s]+)\s*(?:#.*)?$/;

interface Pending {
  line: number;
  state: 'vars' | 'children';
  parents: string[];
}

export function readIni(text: string, file: string, inv: InventoryBuilder): void {
  const pending = new Map<string, Pending>();
  let group = 'ungrouped';
  let state = 'hosts';
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const at = `${file}:${n + 1}`;
    const line = (lines[n] as string).trim();
    if (!line || line[0] === '#' || line[0] === ';') continue;
    const m = SECTION.exec(line);
    if (m) {
      group = m[1] as string;
      state = m[2] ?? 'hosts';
      if (!['hosts', 'children', 'vars'].includes(state))
        throw configError(
          `${at}: section [${group}:${state}] has an unknown type '${state}' (hosts, children or vars)`,
        );
      if (!inv.groups.has(group)) {
        if (state === 'vars' && !pending.has(group))
          pending.set(group, { line: n + 1, state: 'vars', parents: [] });
        inv.group(group, at);
      }
      const p = pending.get(group);
      if (p && state !== 'vars') {
        if (p.state === 'children') addPendingChildren(inv, group, pending, at);
        else pending.delete(group);
      }
      continue;
    }
    if (line.startsWith('[') && line.endsWith(']'))
      throw configError(`${at}: invalid section '${line}' (no spaces inside the brackets)`);
    if (state === 'hosts') hostLine(line, group, at, inv);
    else if (state === 'vars') {
      const eq = line.indexOf('=');
      if (eq < 0) throw configError(`${at}: expected key=value`);
      const key = line.slice(0, eq).trim();
      const value = pyLiteral(line.slice(eq + 1).trim());
      checkVar(key, value, at);
      inv.setGroupVar(group, key, value, at);
    } else {
      const c = GROUP_NAME.exec(line);
      if (!c) throw configError(`${at}: expected a group name`);
      const child = c[1] as string;
      if (!inv.groups.has(child)) {
        const p = pending.get(child);
        if (p) p.parents.push(group);
        else pending.set(child, { line: n + 1, state: 'children', parents: [group] });
      } else inv.child(group, child, at);
    }
  }
  for (const [name, p] of pending) {
    const at = `${file}:${p.line}`;
    if (p.state === 'vars') throw configError(`${at}: section [${name}:vars] is for a group never defined`);
    throw configError(`${at}: section [${p.parents.at(-1)}:children] names a group never defined: ${name}`);
  }
}

function addPendingChildren(
  inv: InventoryBuilder,
  group: string,
  pending: Map<string, Pending>,
  at: string,
): void {
  const p = pending.get(group);
  if (!p) return;
  pending.delete(group);
  for (const parent of p.parents) {
    inv.child(parent, group, at);
    if (pending.get(parent)?.state === 'children') addPendingChildren(inv, parent, pending, at);
  }
}

function hostLine(line: string, group: string, at: string, inv: InventoryBuilder): void {
  const tokens = shlexSplit(line, at);
  if (tokens.length === 0) return;
  const vars: [string, unknown, string][] = [];
  for (const t of tokens.slice(1)) {
    const eq = t.indexOf('=');
    if (eq < 0) throw configError(`${at}: expected key=value after the host name`);
    const key = t.slice(0, eq);
    const value = pyLiteral(t.slice(eq + 1));
    checkVar(key, value, at);
    vars.push([key, value, at]);
  }
  const entry = tokens[0] as string;
  if (entry.trim() === '---') throw configError(`${at}: '---' starts a YAML document, not an INI host`);
  inv.hostEntry(expandHostEntry(entry, at, MAX_HOSTS - inv.hosts.size), group, at, vars);
}

/** Python's shlex.split(line, comments=True) in POSIX mode: quotes, backslashes, `#` comments. */
export function shlexSplit(line: string, at: string): string[] {
  // Most host lines hold no quote, backslash or comment: split on blanks (100,000 hosts).
  if (!/['"\\#]/.test(line)) return line.split(/\s+/).filter((w) => w !== '');
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (/\s/.test(c)) {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else if (c === '#' && !inWord) break;
    else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw configError(`${at}: a quote is not closed`);
      cur += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (
          line[j] === '\\' &&
          (line[j + 1] === '"' || line[j + 1] === '\\' || line[j + 1] === '$' || line[j + 1] === '`')
        )
          j++;
        cur += line[j];
      }
      if (j >= line.length) throw configError(`${at}: a quote is not closed`);
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      inWord = true;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}
