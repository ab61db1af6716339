// What a class keeps on disk. Always: the roster file (NAME CODE a line) and the instructor's
// token, 0600 in a 0700 folder (--state DIR, else STATE/class/). With --state: who joined, the
// progress, the lesson under way, each trainee's whole router (routers/NAME.json) — so a
// restart of `class serve` finds the class as it was. Every write is a temporary file renamed
// over the old one: a crash leaves the old file or the new, never half of one.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRAINEE_NAME } from '../../../contract/class.js';
import { configError } from '../../../errors.js';
import type { Recent } from './room.js';

export interface SavedTrainee {
  name: string;
  code: string;
  joined: boolean;
  progress: unknown;
  recent: Recent[];
}

export interface SavedClass {
  version: 1;
  /** The --lesson arguments the progress belongs to. */
  lessons: string[];
  lessonIndex: number;
  message?: string;
  /** The routers' token keys and the telemetry keys derive from it: a restart keeps them. */
  seed: string;
  trainees: SavedTrainee[];
}

export const ROSTER_FILE = 'roster.txt';
export const TOKEN_FILE = 'instructor.token';
const CLASS_FILE = 'class.json';
const ROUTERS = 'routers';

export function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
}

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** The roster file and the token file, beside each other in `dir`. */
export function writeCredentials(
  dir: string,
  url: string,
  trainees: ReadonlyArray<{ name: string; code: string }>,
  token: string,
): { roster: string; token: string } {
  ensureDir(dir);
  const roster = join(dir, ROSTER_FILE);
  const lines = [`# routersh class serve ${url}: NAME CODE`, ...trainees.map((t) => `${t.name} ${t.code}`)];
  writeAtomic(roster, `${lines.join('\n')}\n`);
  const tokenFile = join(dir, TOKEN_FILE);
  writeAtomic(tokenFile, `${token}\n`);
  return { roster, token: tokenFile };
}

/** The saved class of `dir`, or undefined when it has none; a damaged one is one line. */
export function readSaved(
  dir: string,
): { saved: SavedClass; token: string; routers: Map<string, unknown> } | undefined {
  const file = join(dir, CLASS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw configError(`${file}: cannot read: ${(e as Error).message}`);
  }
  let saved: SavedClass;
  try {
    saved = JSON.parse(text) as SavedClass;
  } catch {
    throw configError(`${file}: not JSON (a damaged state: move the folder away to start afresh)`);
  }
  const why = checkSaved(saved);
  if (why) throw configError(`${file}: ${why}`);
  let token: string;
  try {
    token = readFileSync(join(dir, TOKEN_FILE), 'utf8').trim();
  } catch {
    throw configError(`${join(dir, TOKEN_FILE)}: missing beside ${CLASS_FILE}`);
  }
  const routers = new Map<string, unknown>();
  for (const t of saved.trainees) {
    const r = join(dir, ROUTERS, `${t.name}.json`);
    try {
      routers.set(t.name, JSON.parse(readFileSync(r, 'utf8')) as unknown);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw configError(`${r}: damaged (not JSON)`);
    }
  }
  return { saved, token, routers };
}

function checkSaved(s: SavedClass): string | undefined {
  if (typeof s !== 'object' || s === null || s.version !== 1) return 'not a saved class (version 1)';
  if (!Array.isArray(s.lessons) || !s.lessons.every((l) => typeof l === 'string')) return 'lessons damaged';
  if (!Number.isInteger(s.lessonIndex) || s.lessonIndex < 0) return 'lessonIndex damaged';
  if (typeof s.seed !== 'string' || s.seed.length < 16) return 'seed damaged';
  if (!Array.isArray(s.trainees)) return 'trainees damaged';
  for (const t of s.trainees)
    if (
      typeof t !== 'object' ||
      t === null ||
      typeof t.name !== 'string' ||
      !TRAINEE_NAME.test(t.name) ||
      typeof t.code !== 'string' ||
      typeof t.joined !== 'boolean' ||
      !Array.isArray(t.recent)
    )
      return 'a trainee damaged';
  return undefined;
}

/** The class and every router, each file atomically. */
export function writeSaved(dir: string, saved: SavedClass, routers: ReadonlyMap<string, unknown>): void {
  ensureDir(dir);
  ensureDir(join(dir, ROUTERS));
  for (const [name, r] of routers) writeAtomic(join(dir, ROUTERS, `${name}.json`), JSON.stringify(r));
  writeAtomic(join(dir, CLASS_FILE), JSON.stringify(saved));
}
