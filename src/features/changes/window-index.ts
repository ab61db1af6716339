// The open-window index's files (open-windows.ts reads them): where each window's entry lives
// and how the journal keeps it in step with the window's state. Apart from the reader, and with
// nothing but node:fs, so that the journal writes it without loading what reads journals.
import { readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { WindowState } from '../../contract/journal.js';
import { stateFiles } from '../../config/state-dir.js';

export interface OpenWindow {
  /** The journal file (absolute). */
  journal: string;
  window: string;
  /** The router's URL as the session had it configured. */
  router: string;
  /** The wall-clock instant it ends (ms). */
  deadline: number;
}

/** `STATE/windows`, beside `STATE/journal`. */
export const windowsDir = (stateDir: string): string => join(stateDir, 'windows');

/** A part of an index file's name made safe (`%` escapes; a `~` never stays: pending-index.ts). */
export const safe = (s: string): string =>
  s.replace(/[^A-Za-z0-9._-]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

/** The index file of a window: the journal's name and the window's id, each made safe for a name. */
export const indexFile = (stateDir: string, journal: string, window: string): string =>
  join(windowsDir(stateDir), `${safe(basename(journal, '.jsonl'))}.${safe(window)}.json`);

/**
 * Writes an index entry (its directory made and checked as state): whole, then renamed into
 * place, so a reader never sees half of it. Throws; callers treat the hint's failure as none.
 */
export function writeEntry(file: string, entry: object): void {
  stateFiles.ensureDir(dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/** The state directory a journal lives in (`STATE/journal/FILE`), or undefined for one elsewhere. */
export function stateDirOf(journal: string): string | undefined {
  const dir = dirname(journal);
  return basename(dir) === 'journal' ? dirname(dir) : undefined;
}

/**
 * Keeps the index in step with a window's state just written to `journal`: open (or left
 * unsettled) → its file, confirmed or reverted → none. Only for a journal in a state directory's
 * `journal/`; a failure to write the hint is not the window's failure (the reader is the check).
 */
export function indexWindowState(journal: string, router: string, w: WindowState): void {
  const state = stateDirOf(journal);
  if (!state) return;
  const file = indexFile(state, journal, w.id);
  try {
    if (w.state === 'confirmed' || w.state === 'reverted') {
      unlinkQuiet(file);
      return;
    }
    const entry: OpenWindow = { journal, window: w.id, router, deadline: w.deadline };
    writeEntry(file, entry);
  } catch {}
}

export function unlinkQuiet(file: string): void {
  try {
    unlinkSync(file);
  } catch {}
}

/** The index's file names (one directory read); none when it is absent. */
export function indexNames(stateDir: string): string[] {
  try {
    return readdirSync(windowsDir(stateDir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
}
