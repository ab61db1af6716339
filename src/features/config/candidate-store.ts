// Candidate mode's state: whether the session is in it, the staged lines, and their file in the
// state directory (`$XDG_STATE_HOME/routersh/candidate/ROUTER.PID.json`, 0600, through the state
// checker), rewritten whole as each line is staged and removed on commit or discard. A file whose
// process is gone (a crash, SIGKILL) is offered back at the next `configure` (leftOver). A line
// holding a secret keeps its value in memory only: the file has it as `***`, and a recovered line
// with one is dropped (said). The checking and the commit are candidate-stage.ts and
// candidate-commit.ts, loaded with the first staged line.
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { stateFiles } from '../../config/state-dir.js';
import type { StagedLine } from '../../contract/config.js';
import type { CandidatePort } from '../../contract/services.js';
import { processAlive, processStart } from '../changes/process-alive.js';
import { safe, writeEntry } from '../changes/window-index.js';

export interface CandidateStoreOptions {
  /** The state directory (`$XDG_STATE_HOME/routersh`); undefined: nothing is kept on disk. */
  stateDir: string | undefined;
  /** The router's URL: the file is per router. */
  router: string;
  now?: () => number;
}

/** What the state file holds. */
interface CandidateFile {
  router: string;
  pid: number;
  pidStart?: string;
  at: number;
  lines: StagedLine[];
}

export const candidateDir = (stateDir: string): string => join(stateDir, 'candidate');

/** The line as the file keeps it: a secret's request is not written (its line has `***`). */
const onDisk = (l: StagedLine): StagedLine => {
  if (!l.secret) return l;
  const { request: _request, ...rest } = l;
  return rest;
};

function readFile(path: string): CandidateFile | undefined {
  try {
    if (stateFiles.trouble(path)) return undefined;
    const f = JSON.parse(readFileSync(path, 'utf8')) as CandidateFile;
    return Array.isArray(f.lines) && typeof f.pid === 'number' ? f : undefined;
  } catch {
    return undefined;
  }
}

const unlinkQuiet = (path: string) => {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
};

export function candidateStore(o: CandidateStoreOptions): CandidatePort {
  let lines: StagedLine[] | undefined;
  let found: { path: string; at: number; lines: StagedLine[] } | undefined;
  const now = o.now ?? Date.now;
  const prefix = `${safe(o.router)}.`;
  const dir = o.stateDir === undefined ? undefined : candidateDir(o.stateDir);
  const file = dir && join(dir, `${prefix}${process.pid}.json`);
  const started = processStart(process.pid);

  const save = () => {
    if (!file || !lines) return;
    if (lines.length === 0) return unlinkQuiet(file);
    const doc: CandidateFile = {
      router: o.router,
      pid: process.pid,
      ...(started ? { pidStart: started } : {}),
      at: now(),
      lines: lines.map(onDisk),
    };
    writeEntry(file, doc);
  };

  /** The newest file of this router whose process is gone. */
  const scan = (): typeof found => {
    if (!dir || stateFiles.trouble(dir)) return undefined;
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.json'));
    } catch {
      return undefined;
    }
    let best: typeof found;
    for (const name of names) {
      const path = join(dir, name);
      if (path === file) continue;
      const f = readFile(path);
      if (!f || f.router !== o.router || processAlive(f.pid, f.pidStart)) continue;
      if (f.lines.length === 0) unlinkQuiet(path);
      else if (!best || f.at > best.at) best = { path, at: f.at, lines: f.lines };
    }
    return best;
  };

  const port: CandidatePort = {
    lines: () => lines,
    enter: () => {
      lines ??= [];
    },
    add: (line) => {
      lines ??= [];
      lines.push(line);
      try {
        save();
      } catch (e) {
        // Not kept on disk (unsafe state): not staged either.
        lines.pop();
        throw e;
      }
    },
    clear: () => {
      if (lines) lines = [];
      if (file) unlinkQuiet(file);
    },
    leave: () => {
      lines = undefined;
      if (file) unlinkQuiet(file);
    },
    leftOver: () => {
      found = scan();
      return found && { at: found.at, lines: found.lines };
    },
    dropLeftOver: () => {
      if (found) unlinkQuiet(found.path);
      found = undefined;
    },
    stage: async (line, run, signal) =>
      (await import('./candidate-stage.js')).stageLine(port, line, run, signal),
  };
  return port;
}
