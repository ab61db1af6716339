// The history file: `$XDG_STATE_HOME/routersh/history` (or `~/.local/state/routersh/history`),
// one entry a line, in a 0700 directory with mode 0600. Every line is redacted before it is
// written (THE secret rule, lang/secrets.ts): the file takes only a KeptLine, which only
// `historyEntry` makes, so no code path can put a secret in the file, and the `history` screen
// shows the very string the file got. Paths and env are injected.
import * as fs from 'node:fs';
import { chmod, mkdir, open, rename, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { dirname } from 'node:path';
import { DEFAULT_HISTORY_MAX } from './history.js';
import { type LineSource, redactLine } from '../../lang/secrets.js';

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** One entry as one line: backslash, LF and CR are escaped. */
export function escapeEntry(line: string): string {
  return line.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export function unescapeEntry(stored: string): string {
  return stored.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c));
}

async function prepareDir(path: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  // An existing routersh directory may be more open than it should be.
  await chmod(dir, DIR_MODE);
}

function isMissing(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'ENOENT';
}

/**
 * Loads the newest `max` entries, oldest first. A longer file is rewritten to its last
 * `max` entries; an existing file is set to mode 0600. A missing file is an empty history.
 */
export async function loadHistory(path: string, max: number = DEFAULT_HISTORY_MAX): Promise<string[]> {
  let raw: string;
  // Every shell reads its history at start: through node:fs's callbacks, as node:fs/promises (8
  // modules, ~5 ms of CPU) loads at its first call (scripts/node-builtins.mjs) and the rest of
  // this file is for a line entered or a long file trimmed.
  try {
    raw = await promisify(fs.readFile)(path, 'utf8');
  } catch (e) {
    if (isMissing(e)) return [];
    throw e;
  }
  await promisify(fs.chmod)(path, FILE_MODE);
  const lines = raw.split('\n').filter((l) => l !== '');
  const kept = lines.slice(Math.max(0, lines.length - max));
  if (kept.length < lines.length) {
    // Write aside and rename so a crash never leaves a half-written history.
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, kept.map((l) => `${l}\n`).join(''), { mode: FILE_MODE });
    await chmod(tmp, FILE_MODE);
    await rename(tmp, path);
  }
  return kept.map(unescapeEntry);
}

/** A line as the history keeps it: its secrets redacted. */
export type KeptLine = string & { readonly kept: unique symbol };

/** The line as the file and the `history` screen keep it, judged with its metadata (`from`). */
export const historyEntry = (line: string, from?: LineSource): KeptLine => redactLine(line, from) as KeptLine;

/** Appends one command (redacted: historyEntry) to the file, creating the directory and file as needed. */
export async function appendHistory(path: string, entry: KeptLine): Promise<void> {
  if (entry.trim() === '') return;
  await prepareDir(path);
  const file = await open(path, 'a', FILE_MODE);
  try {
    await file.chmod(FILE_MODE);
    await file.write(`${escapeEntry(entry)}\n`);
  } finally {
    await file.close();
  }
}
