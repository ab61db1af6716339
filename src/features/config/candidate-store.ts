// Candidate mode's state: whether the session is in it, the staged lines, and their file in the
// state directory (`$XDG_STATE_HOME/routersh/candidate/ROUTER.PID.json`, 0600, through the state
// checker): a header line, then one JSON line appended per line staged (a script of 10,000 lines
// writes each once, not the whole file again), removed on commit or discard. A file whose
// process is gone (a crash, SIGKILL) is offered back at the next `configure` (leftOver). A line
// holding a secret keeps its value in memory only: the file has it as `***`, and a recovered line
// with one is dropped (said). The checking and the commit are candidate-stage.ts and
// candidate-commit.ts, loaded with the first staged line.
import { appendFileSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { stateFiles } from '../../config/state-dir.js';
import type { StagedLine } from '../../contract/config.js';
import type { CandidatePort } from '../../contract/services.js';
import { processAlive, processStart } from '../changes/process-alive.js';
import { safe, writeEntry } from '../changes/window-index.js';

/**
 * This process's start time, read from /proc once and only when a line is staged: a fleet run
 * opens a session (and a store) per host, and reading it per store cost 2 ms each.
 */
let ownStarted: { value: string | undefined } | undefined;
function ownStart(): string | undefined {
  if (!ownStarted) ownStarted = { value: processStart(process.pid) };
  return ownStarted.value;
}
const pidStartOf = (v: string | undefined) => (v ? { pidStart: v } : {});

export interface CandidateStoreOptions {
  /** The state directory (`$XDG_STATE_HOME/routersh`); undefined: nothing is kept on disk. */
  stateDir: string | undefined;
  /** The router's URL: the file is per router. */
  router: string;
  now?: () => number;
}

/** The state file's first line. */
interface CandidateHeader {
  router: string;
  pid: number;
  pidStart?: string;
  at: number;
}

/** What the state file holds: its header, and the lines staged (the last one's time is `at`). */
interface CandidateFile extends CandidateHeader {
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
    const [head, ...rest] = readFileSync(path, 'utf8').split('\n');
    const h = JSON.parse(head ?? '') as CandidateHeader;
    if (typeof h.pid !== 'number' || typeof h.router !== 'string') return undefined;
    const lines: StagedLine[] = [];
    for (const l of rest) {
      // A line cut short (the process killed as it wrote it) ends what was staged.
      try {
        if (l) lines.push(JSON.parse(l) as StagedLine);
      } catch {
        break;
      }
    }
    return { ...h, at: lines.at(-1)?.at ?? h.at, lines };
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
  // Its file's name, made when first needed: a fleet run opens a store per host and most never stage.
  let names: { prefix: string; dir: string | undefined; file: string | undefined } | undefined;
  const where = () => {
    if (names) return names;
    const prefix = `${safe(o.router)}.`;
    const dir = o.stateDir === undefined ? undefined : candidateDir(o.stateDir);
    names = { prefix, dir, file: dir && join(dir, `${prefix}${process.pid}.json`) };
    return names;
  };
  /** Whether this process wrote its file (a run that never staged touches no state at its end). */
  let written = false;

  /** Writes `line`, the file's header first when it is the first line staged. */
  const save = (line: StagedLine) => {
    const { file } = where();
    if (!file || !lines) return;
    if (lines.length === 1) {
      const head: CandidateHeader = {
        router: o.router,
        pid: process.pid,
        ...pidStartOf(ownStart()),
        at: now(),
      };
      writeEntry(file, head);
      written = true;
    } else stateFiles.check(file);
    appendFileSync(file, `${JSON.stringify(onDisk(line))}\n`, { mode: 0o600 });
  };

  /** The other files of this router, each with whether its routersh lives. */
  const others = (): Array<CandidateFile & { path: string; alive: boolean }> => {
    const { prefix, dir, file } = where();
    if (!dir || stateFiles.trouble(dir)) return [];
    let mine: string[];
    try {
      mine = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.json'));
    } catch {
      return [];
    }
    const out: Array<CandidateFile & { path: string; alive: boolean }> = [];
    for (const name of mine) {
      const path = join(dir, name);
      const f = path === file ? undefined : readFile(path);
      if (f && f.router === o.router) out.push({ ...f, path, alive: processAlive(f.pid, f.pidStart) });
    }
    return out;
  };

  /** The newest file of this router whose process is gone. */
  const scan = (): typeof found => {
    let best: typeof found;
    for (const f of others()) {
      if (f.alive) continue;
      if (f.lines.length === 0) unlinkQuiet(f.path);
      else if (!best || f.at > best.at) best = { path: f.path, at: f.at, lines: f.lines };
    }
    return best;
  };

  const forget = () => {
    const { file } = where();
    if (file && written) unlinkQuiet(file);
    written = false;
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
        save(line);
      } catch (e) {
        // Not kept on disk (unsafe state): not staged either.
        lines.pop();
        throw e;
      }
    },
    clear: () => {
      if (lines) lines = [];
      forget();
    },
    leave: () => {
      lines = undefined;
      forget();
    },
    leftOver: () => {
      found = scan();
      return found && { at: found.at, lines: found.lines };
    },
    elsewhere: () =>
      others().flatMap((f) => (f.alive && f.lines.length ? [{ pid: f.pid, staged: f.lines.length }] : [])),
    dropLeftOver: () => {
      if (found) unlinkQuiet(found.path);
      found = undefined;
    },
    stage: async (line, run, signal) =>
      (await import('./candidate-stage.js')).stageLine(port, line, run, signal),
  };
  return port;
}
