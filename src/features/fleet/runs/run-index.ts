// The run index: one file per run in `$XDG_STATE_HOME/routersh/runs/RUN.json` (0600, in a
// directory the state checker passes), written whole and renamed into place. It names each
// host's journal and window and where the host ended, so `routersh fleet runs|confirm|undo`
// and the run's guard work from it after the process that made the run is gone. It holds no
// secret: the lines are redacted, and a host's credentials are named by their files only.
import { fsyncSync, openSync, closeSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { stateFiles } from '../../../config/state-dir.js';

/** Where a host of a run ended (the summary's words). */
export type HostEnd =
  | 'pending' // its wave has not started (or the run stopped before it): never changed
  | 'applying' // its window is open and its lines are being sent
  | 'changed' // its lines applied, its window open until the run's end
  | 'confirmed' // changed and kept
  | 'reverted' // changed and reverted to its state before the run
  | 'failed' // its apply or gate failed (reverted when that could be done: then `reverted`)
  | 'unsettled'; // its revert did not finish: `routersh fleet undo RUN`

export interface RunHost {
  name: string;
  router: string;
  user?: string;
  passwordFile?: string;
  tokenFile?: string;
  wave: number;
  journal?: string;
  window?: string;
  deadline?: number;
  end: HostEnd;
  why?: string;
}

export type RunState = 'running' | 'awaiting-confirm' | 'confirmed' | 'reverted' | 'unsettled' | 'failed';

export interface RunIndex {
  v: 1;
  id: string;
  started: number;
  /** The routersh that makes the run (the guard ends once it is gone and every window settled). */
  pid: number;
  pidStart?: string;
  /** The run's lines, secrets as `***`. */
  lines: string[];
  waves: number[];
  confirm: 'auto' | 'manual';
  state: RunState;
  /** Every host has its window opened, or the run stopped: no more windows will be added. */
  closed: boolean;
  guard?: { pid: number; pidStart?: string };
  hosts: RunHost[];
}

export const runsDir = (stateDir: string): string => join(stateDir, 'runs');
export const runFile = (stateDir: string, id: string): string => join(runsDir(stateDir), `${id}.json`);

/** A new run's id: `r` and the time in base 36, unique per millisecond and process. */
export const newRunId = (now: number, pid: number): string =>
  `r${now.toString(36)}${(pid % 1296).toString(36)}`;

const RUN_ID = /^r[0-9a-z]{1,20}$/;
export const isRunId = (s: string): boolean => RUN_ID.test(s);

/** Writes the index whole (fsync'd), then renames it into place: a reader never sees half. */
export function writeRun(stateDir: string, run: RunIndex): void {
  stateFiles.ensureDir(runsDir(stateDir));
  const file = runFile(stateDir, run.id);
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(run)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

const str = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown) => v === undefined || str(v);
const ENDS = new Set(['pending', 'applying', 'changed', 'confirmed', 'reverted', 'failed', 'unsettled']);

function validHost(h: unknown): h is RunHost {
  if (typeof h !== 'object' || h === null) return false;
  const x = h as Record<string, unknown>;
  return (
    str(x['name']) &&
    str(x['router']) &&
    typeof x['wave'] === 'number' &&
    ENDS.has(x['end'] as string) &&
    [x['user'], x['passwordFile'], x['tokenFile'], x['journal'], x['window'], x['why']].every(optStr) &&
    (x['deadline'] === undefined || typeof x['deadline'] === 'number')
  );
}

/**
 * Reads a run's index, checked field by field and through the state checker (a file another
 * user could write is refused: it names journals and credential files). Throws one line.
 */
export function readRun(stateDir: string, id: string): RunIndex {
  if (!isRunId(id)) throw new Error(`'${id}' is not a run id (routersh fleet runs lists them)`);
  const file = runFile(stateDir, id);
  const bad = stateFiles.trouble(file);
  if (bad) throw new Error(`unsafe state: ${bad}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`no run ${id} (routersh fleet runs lists them)`);
  }
  const run = parseRun(text);
  if (!run || run.id !== id) throw new Error(`${file}: not a run index`);
  return run;
}

export function parseRun(text: string): RunIndex | undefined {
  try {
    const r = JSON.parse(text) as Record<string, unknown>;
    if (
      r['v'] === 1 &&
      str(r['id']) &&
      isRunId(r['id']) &&
      typeof r['started'] === 'number' &&
      typeof r['pid'] === 'number' &&
      Array.isArray(r['lines']) &&
      r['lines'].every(str) &&
      Array.isArray(r['waves']) &&
      (r['confirm'] === 'auto' || r['confirm'] === 'manual') &&
      str(r['state']) &&
      typeof r['closed'] === 'boolean' &&
      Array.isArray(r['hosts']) &&
      r['hosts'].every(validHost)
    )
      return r as unknown as RunIndex;
  } catch {}
  return undefined;
}

/** Every run's id in the state directory, oldest first. */
export function runIds(stateDir: string): string[] {
  try {
    return readdirSync(runsDir(stateDir))
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -5))
      .filter(isRunId)
      .sort();
  } catch {
    return [];
  }
}

/** Counts of where the hosts ended, in the summary's order. */
export function summary(run: RunIndex): string {
  const order: HostEnd[] = ['confirmed', 'changed', 'reverted', 'failed', 'unsettled', 'applying', 'pending'];
  const counts = order
    .map((e) => [e, run.hosts.filter((h) => h.end === e).length] as const)
    .filter(([, n]) => n > 0)
    .map(([e, n]) => `${n} ${e === 'pending' ? 'untouched' : e}`);
  return `run ${run.id}: ${run.state}; ${counts.join(', ') || 'no hosts'}`;
}
