// The router words of `-c '…'` kept on disk, so a Tab press answers from them at once instead of
// racing its deadline against a login and a metadata GET (a loaded machine missed it). One file
// per router and user: $XDG_CACHE_HOME/routersh/complete/HASH.json (0600, in 0700 folders that
// must be the user's own and writable by no one else). It holds the metadata nodes completion
// read, as the router sent them minus everything a secret could be in: the values of a slot
// named like a secret (lang/secrets.ts isSecretName), show output and unknown fields are never
// written. Its contents are server data: read back, each node is checked field by field, and
// what is printed from it goes through the same filter as a live answer (complete.ts).
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { NodeInfo, OptionInfo } from '../../api/router/types.js';
import { cacheDir } from '../../config/paths.js';
import { readFileBoundedSync } from '../../config/read-bounded.js';
import { pathKey } from '../../lang/cache.js';
import { isSecretName } from '../../lang/secrets.js';

/** Older than this, the words are still answered, and a refresh starts beside the answer. */
export const STALE_MS = 60_000;
/** The most paths kept: the latest read win. A refresh reads them all again. */
export const MAX_PATHS = 128;
const MAX_BYTES = 16 * 1024 * 1024;
/** A refresh whose lock is this old died: the next Tab may start another. */
const LOCK_STALE_MS = 120_000;
const MAX_DEPTH = 8;

export interface Snapshot {
  /** By path (cache.ts pathKey), oldest first. */
  nodes: Map<string, { words: string[]; node: NodeInfo }>;
  ageMs: number;
}

/** The file of this router and user, or undefined when there is no cache folder to trust. */
export function storeFile(
  router: string,
  user: string | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  const dir = cacheDir(env);
  if (!dir.startsWith('/')) return undefined;
  const id = createHash('sha256')
    .update(`${router}\u0000${user ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  return join(dir, 'complete', `${id}.json`);
}

const folder = (file: string) => file.slice(0, file.lastIndexOf('/'));

/** The folder and its parent are ours and no one else can write there (bin/code-cache.cjs's rule). */
function trusted(dir: string): boolean {
  for (const d of [dir, folder(dir)]) {
    const st = statSync(d);
    if ((process.getuid && st.uid !== process.getuid()) || (st.mode & 0o022) !== 0) return false;
  }
  return true;
}

export function loadSnapshot(file: string, now = Date.now()): Snapshot | undefined {
  try {
    if (!trusted(folder(file))) return undefined;
    const ageMs = Math.max(0, now - statSync(file).mtimeMs);
    const data = JSON.parse(readFileBoundedSync(file, MAX_BYTES)) as unknown;
    if (!isRecord(data) || data.v !== 1 || !Array.isArray(data.paths)) return undefined;
    const nodes: Snapshot['nodes'] = new Map();
    for (const entry of data.paths.slice(-MAX_PATHS)) {
      if (!isRecord(entry) || !isStrings(entry.words)) return undefined;
      const node = nodeFrom(entry.node, 0);
      if (!node || !storablePath(entry.words)) return undefined;
      nodes.set(pathKey(entry.words), { words: entry.words, node });
    }
    return { nodes, ageMs };
  } catch {
    return undefined;
  }
}

/** Writes the nodes (the newest MAX_PATHS) whole, replacing the file in one rename. */
export function saveSnapshot(file: string, nodes: Snapshot['nodes']): void {
  const dir = folder(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!trusted(dir)) return;
  const paths = [...nodes.values()]
    .filter((e) => storablePath(e.words))
    .slice(-MAX_PATHS)
    .map((e) => ({ words: e.words, node: stored(e.node, isSecretName(e.words.at(-1) ?? '')) }));
  const text = JSON.stringify({ v: 1, paths });
  if (text.length > MAX_BYTES) return;
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/**
 * Takes the right to refresh the file (one refresh at a time); false when another holds it.
 * The holder deletes `FILE.lock` when done; one left by a refresh that died expires.
 */
export function claimRefresh(file: string, now = Date.now()): boolean {
  const lock = `${file}.lock`;
  try {
    mkdirSync(folder(file), { recursive: true, mode: 0o700 });
    if (!trusted(folder(file))) return false;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        closeSync(openSync(lock, 'wx', 0o600));
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return false;
        const fd = openSync(lock, 'r');
        const age = now - fstatSync(fd).mtimeMs;
        closeSync(fd);
        if (age < LOCK_STALE_MS) return false;
        unlinkSync(lock);
      }
    }
  } catch {
    // No cache folder we can use: no refresh.
  }
  return false;
}

export function releaseRefresh(file: string): void {
  try {
    unlinkSync(`${file}.lock`);
  } catch {
    // Already gone.
  }
}

/** A path with a word after a secret-like one holds a value that is a secret: never kept. */
function storablePath(words: readonly string[]): boolean {
  return !words.slice(0, -1).some(isSecretName);
}

/** What is kept of a node: its shape and lists, no show output, no unknown fields, no secrets. */
function stored(n: NodeInfo, secret: boolean): unknown {
  const s = secret || isSecretName(n.name);
  return {
    name: n.name,
    type: n.type,
    ...(n.description !== undefined ? { description: n.description } : {}),
    ...(n.help !== undefined ? { help: n.help } : {}),
    ...(n.inputRe !== undefined ? { inputRe: n.inputRe } : {}),
    allowSet: n.allowSet,
    allowUnSet: n.allowUnSet,
    allowShow: n.allowShow,
    hasSetSubnodes: n.hasSetSubnodes,
    hasUnSetSubnodes: n.hasUnSetSubnodes,
    hasShowSubnodes: n.hasShowSubnodes,
    hasSubnodes: n.hasSubnodes,
    // A Value node under a secret-like word lists the secrets themselves.
    setValues: s ? [] : n.setValues,
    setOptions: n.setOptions.map((o) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, s || isSecretName(k) ? [] : v])),
    ),
    possibleValues: n.possibleValues,
    possibleOptions: n.possibleOptions,
    multiValue: n.multiValue,
    subNodes: n.subNodes.map((c) => stored(c, s)),
  };
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
const optString = (x: unknown): x is string | undefined => x === undefined || typeof x === 'string';
const BOOLEANS = [
  'allowSet',
  'allowUnSet',
  'allowShow',
  'hasSetSubnodes',
  'hasUnSetSubnodes',
  'hasShowSubnodes',
  'hasSubnodes',
  'multiValue',
] as const;

/** A node read back, every field checked; undefined when anything is not what was written. */
function nodeFrom(x: unknown, depth: number): NodeInfo | undefined {
  if (depth > MAX_DEPTH || !isRecord(x)) return undefined;
  if (typeof x.name !== 'string' || (x.type !== 'Token' && x.type !== 'Value')) return undefined;
  if (!optString(x.description) || !optString(x.help) || !optString(x.inputRe)) return undefined;
  if (!BOOLEANS.every((k) => typeof x[k] === 'boolean')) return undefined;
  if (!isStrings(x.setValues) || !isStrings(x.possibleValues)) return undefined;
  if (
    !Array.isArray(x.setOptions) ||
    !x.setOptions.every((o) => isRecord(o) && Object.values(o).every(isStrings))
  )
    return undefined;
  if (!Array.isArray(x.possibleOptions) || !x.possibleOptions.every(isOption)) return undefined;
  if (!Array.isArray(x.subNodes)) return undefined;
  const subNodes: NodeInfo[] = [];
  for (const c of x.subNodes) {
    const n = nodeFrom(c, depth + 1);
    if (!n) return undefined;
    subNodes.push(n);
  }
  const node: NodeInfo = {
    name: x.name,
    type: x.type,
    allowSet: x.allowSet as boolean,
    allowUnSet: x.allowUnSet as boolean,
    allowShow: x.allowShow as boolean,
    hasSetSubnodes: x.hasSetSubnodes as boolean,
    hasUnSetSubnodes: x.hasUnSetSubnodes as boolean,
    hasShowSubnodes: x.hasShowSubnodes as boolean,
    hasSubnodes: x.hasSubnodes as boolean,
    setValues: x.setValues,
    setOptions: x.setOptions as Array<Record<string, string[]>>,
    possibleValues: x.possibleValues,
    possibleOptions: x.possibleOptions.map(optionFrom),
    multiValue: x.multiValue as boolean,
    subNodes,
    raw: {},
  };
  if (x.description !== undefined) node.description = x.description;
  if (x.help !== undefined) node.help = x.help;
  if (x.inputRe !== undefined) node.inputRe = x.inputRe;
  return node;
}

function optionFrom(x: Record<string, unknown>): OptionInfo {
  const o: OptionInfo = {
    name: x.name as string,
    count: x.count as number,
    availableInSet: x.availableInSet as boolean,
    availableInUnSet: x.availableInUnSet as boolean,
    availableInShow: x.availableInShow as boolean,
    key: x.key as boolean,
  };
  if (typeof x.inputRe === 'string') o.inputRe = x.inputRe;
  if (typeof x.valueType === 'string') o.valueType = x.valueType;
  if (typeof x.description === 'string') o.description = x.description;
  return o;
}

function isOption(x: unknown): x is Record<string, unknown> {
  if (!isRecord(x) || typeof x.name !== 'string' || typeof x.count !== 'number') return false;
  if (!optString(x.inputRe) || !optString(x.valueType) || !optString(x.description)) return false;
  return ['availableInSet', 'availableInUnSet', 'availableInShow', 'key'].every(
    (k) => typeof x[k] === 'boolean',
  );
}
