// Checkpoints (issue 38, item 4): the configuration kept in the state directory, one file per
// checkpoint in the saved-file format (config-file.ts), under
// `STATE/checkpoints/ROUTER/NAME.conf` (ROUTER: the router's address made safe for a name).
// Named ones (`checkpoint NAME`) stay until removed by hand; automatic ones (`auto-TIME`, kept
// before every load and commit from the plan's before-reads) are rotated: the last 50 per router.
// Every file and directory goes through the state checker (0600 files, 0700 directories).
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { stateDir as defaultStateDir } from '../../config/paths.js';
import { stateFiles } from '../../config/state-dir.js';
import type { ConfigDoc, ConfigLine } from '../../contract/config.js';
import { commandFailedError } from '../../errors.js';
import { formatCheckpoint, parseCheckpoint } from './checkpoint-format.js';

/** Automatic checkpoints kept per router (Junos keeps 50 rollbacks too). */
export const AUTO_KEEP = 50;
/** The prefix of automatic checkpoints' names: a named one may not take it. */
export const AUTO_PREFIX = 'auto-';
const EXT = '.conf';
const NAME = /^[A-Za-z0-9._-]+$/;

/** Why `name` cannot name a checkpoint (letters, digits, `.`, `_`, `-`; no path escape), or undefined. */
export function badName(name: string, o: { auto?: boolean } = {}): string | undefined {
  if (!NAME.test(name) || name.length > 200)
    return `checkpoint name ${JSON.stringify(name)}: use letters, digits, '.', '_' and '-'`;
  if (name === '.' || name === '..' || name.startsWith('.'))
    return `checkpoint name ${JSON.stringify(name)}: may not start with '.'`;
  if (!o.auto && name.startsWith(AUTO_PREFIX))
    return `checkpoint name ${JSON.stringify(name)}: names beginning '${AUTO_PREFIX}' are routersh's automatic checkpoints`;
  return undefined;
}

/** The router's address as one file name: `%` escapes of anything but letters, digits, `.`, `_`, `-`. */
export function routerKey(router: string): string {
  let key = router.trim().replace(/\/+$/, '');
  try {
    const u = new URL(key);
    key = `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {}
  // Each UTF-8 byte of anything else as %XX, so that decodeURIComponent reads it back.
  return key.replace(/[^A-Za-z0-9._-]/gu, (c) => Buffer.from(c).toString('hex').replace(/../g, '%$&'));
}

/** The routers that keep a checkpoint named `name` (`routersh config diff checkpoint:NAME` with no router given). */
export function routersWithCheckpoint(name: string, o: { stateDir?: string } = {}): string[] {
  const top = join(o.stateDir ?? defaultStateDir(process.env), 'checkpoints');
  let keys: string[];
  try {
    stateFiles.check(top);
    keys = readdirSync(top);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const key of keys) {
    let router: string;
    try {
      router = decodeURIComponent(key);
    } catch {
      continue;
    }
    if (routerKey(router) === key && names(join(top, key)).includes(name)) out.push(router);
  }
  return out;
}

/** `STATE/checkpoints/ROUTER` (STATE: the given state directory, else $XDG_STATE_HOME/routersh). */
export const checkpointDir = (router: string, state?: string): string =>
  join(state ?? defaultStateDir(process.env), 'checkpoints', routerKey(router));

export interface CheckpointInfo {
  name: string;
  /** Automatic (before a load or commit), or named by a user. */
  auto: boolean;
  /** When it was kept (ms since the epoch): the header's time, else the file's. */
  time: number;
  /** Configuration lines it holds. */
  lines: number;
  /** Why it was kept (an automatic one: the load or commit line). */
  why?: string;
  file: string;
}

/** Writes `text` to a new file `file` (0600), refusing an existing one (O_EXCL: no race, no link followed). */
function writeNew(file: string, text: string): boolean {
  stateFiles.check(file);
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A time as part of a name: `20261204-032900` (UTC), with milliseconds for automatic ones. */
export function stamp(now: number, ms = false): string {
  const iso = new Date(now).toISOString(); // 2026-12-04T03:29:00.123Z
  const s = `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
  return ms ? `${s}.${iso.slice(20, 23)}` : s;
}

/**
 * Keeps `doc` as checkpoint `name` for `doc.router`; refuses a bad name and an existing one (one
 * line). Returns the file written.
 */
export function saveCheckpoint(
  name: string,
  doc: ConfigDoc,
  o: { stateDir?: string; why?: string } = {},
): string {
  const bad = badName(name);
  if (bad) throw commandFailedError(bad);
  const dir = checkpointDir(doc.router, o.stateDir);
  stateFiles.ensureDir(dir);
  const file = join(dir, `${name}${EXT}`);
  if (!writeNew(file, formatCheckpoint(doc, o.why)))
    throw commandFailedError(`checkpoint ${name} exists already: choose another name`);
  return file;
}

/**
 * An automatic checkpoint of the nodes that change (`lines`: their configured lines before the
 * change, from the plan's before-reads, not a new walk), kept before every load and commit; the
 * last AUTO_KEEP per router stay, older ones are removed. `nodes`: the words of the nodes that
 * change (a node created by the change has no line before it). Throws on an unsafe state
 * directory or a full disk: the caller decides whether a change may go on without it.
 */
export function keepAutoCheckpoint(o: {
  router: string;
  user: string;
  lines: ConfigLine[];
  why: string;
  now: number;
  nodes?: string[][];
  version?: string;
  /** The state directory (`$XDG_STATE_HOME/routersh`); default: this process's. */
  stateDir?: string;
}): string {
  const dir = checkpointDir(o.router, o.stateDir);
  stateFiles.ensureDir(dir);
  const doc: ConfigDoc = {
    router: o.router,
    user: o.user,
    time: new Date(o.now).toISOString(),
    version: o.version ?? '',
    members: o.lines.some((l) => l.member),
    under: [],
    lines: o.lines,
  };
  const text = formatCheckpoint(doc, o.why, o.nodes);
  const base = `${AUTO_PREFIX}${stamp(o.now, true)}`;
  let file = '';
  for (let n = 1; ; n++) {
    file = join(dir, `${n === 1 ? base : `${base}-${n}`}${EXT}`);
    if (writeNew(file, text)) break;
  }
  rotate(dir);
  return file;
}

/** Removes automatic checkpoints beyond the last AUTO_KEEP (by name: their names sort by time). */
function rotate(dir: string): void {
  const autos = names(dir)
    .filter((n) => n.startsWith(AUTO_PREFIX))
    .sort(byTime);
  for (const n of autos.slice(0, Math.max(0, autos.length - AUTO_KEEP))) {
    try {
      unlinkSync(join(dir, `${n}${EXT}`));
    } catch {}
  }
}

/** `auto-STAMP` before `auto-STAMP-2`, and both before a later stamp. */
function byTime(a: string, b: string): number {
  const [sa, na] = splitSeq(a);
  const [sb, nb] = splitSeq(b);
  return sa < sb ? -1 : sa > sb ? 1 : na - nb;
}

function splitSeq(name: string): [string, number] {
  const m = /^(.*\.\d{3})-(\d+)$/.exec(name);
  return m ? [m[1]!, Number(m[2])] : [name, 1];
}

/** The checkpoints' names in `dir` (none when it is absent). */
function names(dir: string): string[] {
  let all: string[];
  try {
    all = readdirSync(dir);
  } catch {
    return [];
  }
  return all
    .filter((f) => f.endsWith(EXT))
    .map((f) => f.slice(0, -EXT.length))
    .filter((n) => badName(n, { auto: true }) === undefined);
}

/** The first bytes of a file: its header (a listing reads no more of a big checkpoint). */
function head(file: string, bytes = 4096): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The router's checkpoints, oldest first. */
export function listCheckpoints(router: string, o: { stateDir?: string } = {}): CheckpointInfo[] {
  const dir = checkpointDir(router, o.stateDir);
  stateFiles.check(dir);
  const out: CheckpointInfo[] = [];
  for (const name of names(dir)) {
    const file = join(dir, `${name}${EXT}`);
    try {
      stateFiles.check(file);
      const h = headerFields(head(file));
      const time = Date.parse(h.time ?? '');
      out.push({
        name,
        auto: name.startsWith(AUTO_PREFIX),
        time: Number.isFinite(time) ? time : statSync(file).mtimeMs,
        lines: Number(h.lines ?? Number.NaN),
        ...(h.why !== undefined ? { why: h.why } : {}),
        file,
      });
    } catch {}
  }
  return out.sort((a, b) => a.time - b.time || byTime(a.name, b.name));
}

/** `# key: value` lines at the top of a checkpoint. */
function headerFields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('#')) break;
    const m = /^# ([a-z]+): (.*)$/.exec(line);
    if (m && !(m[1]! in out)) out[m[1]!] = m[2]!;
  }
  return out;
}

export interface Checkpoint {
  name: string;
  file: string;
  text: string;
  /** An automatic one's nodes that changed (it holds only their lines). */
  nodes?: string[][];
}

/** Checkpoint `name` of `router`: its file's text; one line when it does not exist. */
export function readCheckpoint(router: string, name: string, o: { stateDir?: string } = {}): Checkpoint {
  const bad = badName(name, { auto: true });
  if (bad) throw commandFailedError(bad);
  const file = join(checkpointDir(router, o.stateDir), `${name}${EXT}`);
  stateFiles.check(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw commandFailedError(`no checkpoint ${name} for ${router} (checkpoints lists them)`);
    throw e;
  }
  const nodes = parseCheckpoint(text).nodes;
  return { name, file, text, ...(nodes.length ? { nodes } : {}) };
}
