// State that only its user can touch, checked as ssh checks ~/.ssh: `routersh/` under the state
// directory and everything in it (journals, decision files, the open-window index, checkpoints)
// must be owned by the user and not writable by group or others, and a symbolic link on the way
// must be the user's own. Above `routersh/`, a directory may also be root's, and one writable by
// others must be sticky (/tmp): nobody else can then rename `routersh/` away. Anything else is
// refused with one line naming the path and the fix. Directories routersh makes are 0700.
// Cheap: one lstat per path component, and a directory found safe is not looked at again in
// this process (only its owner or root could open it up since).
import { lstatSync, mkdirSync, readlinkSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { configError, type RoutershError } from '../errors.js';

/** What the checker asks of the file system (a test counts the calls). */
export interface StateFs {
  lstat(path: string): Stats | undefined;
  readlink(path: string): string;
}

const realFs: StateFs = {
  lstat(p) {
    try {
      return lstatSync(p, { throwIfNoEntry: false });
    } catch {
      return undefined; // ENOTDIR: a file on the way; whoever opens the path says so
    }
  },
  readlink: (p) => readlinkSync(p),
};

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');
const S_ISVTX = 0o1000;

/**
 * Where the strict part of `path` starts: its nearest ancestor (or itself) named `routersh`.
 * Undefined for a path elsewhere (`--journal ~/copies/x.jsonl`, /dev/zero): the user named it,
 * and it is not state.
 */
export function strictRoot(path: string): string | undefined {
  for (let p = path; p !== dirname(p); p = dirname(p)) if (basename(p) === 'routersh') return p;
  return undefined;
}

export interface StateChecker {
  /** Why `path` (a file or directory of state) is not safe; undefined when it is, or is absent. */
  trouble(path: string): string | undefined;
  /** Refuses an unsafe `path` with one line. */
  check(path: string): void;
  /** Makes directory `dir` (0700, parents too) if missing, then checks it. */
  ensureDir(dir: string): void;
}

type Step = { name: string; strict: boolean };

export function stateChecker(
  fs: StateFs = realFs,
  me: number = process.getuid?.() ?? -1,
  myGroup: number = process.getgid?.() ?? -1,
): StateChecker {
  /** Directories found safe (their whole chain): not looked at again. */
  const safe = new Set<string>();
  const sudo = me === 0 ? '' : 'sudo ';

  /** Why one resolved component is not safe. */
  function judge(p: string, st: Stats, strict: boolean): string | undefined {
    const kind = st.isDirectory() ? 'directory' : 'file';
    if (strict) {
      if (st.uid !== me)
        return `${p} is owned by uid ${st.uid}, not you: remove it, or ${sudo}chown ${me} ${p}`;
      if (st.mode & 0o022)
        return `${p} is writable by others (mode ${octal(st.mode)}): chmod ${kind === 'directory' ? 700 : 600} ${p}`;
      return undefined;
    }
    if (st.uid !== me && st.uid !== 0)
      return `${p} (above routersh/) is owned by uid ${st.uid}: keep state in a directory of your own (XDG_STATE_HOME)`;
    const sticky = (st.mode & S_ISVTX) !== 0;
    // A group-writable directory of the user's own in the user's own group: a user private group.
    const ownGroup = st.uid === me && st.gid === myGroup;
    if ((st.mode & 0o002 || (st.mode & 0o020 && !ownGroup)) && !sticky)
      return `${p} (above routersh/) is writable by others (mode ${octal(st.mode)}): chmod go-w ${p}`;
    return undefined;
  }

  /**
   * Walks `path` from `/`, as the kernel resolves it, judging each component: why it is not
   * safe, or `absent` when a component does not exist (nothing further to trust or fear).
   */
  function walk(path: string, strictFrom: string): string | { absent: boolean } {
    const depth = strictFrom.split(sep).filter(Boolean).length;
    const todo: Step[] = path
      .split(sep)
      .filter(Boolean)
      .map((name, i) => ({ name, strict: i + 1 >= depth }));
    let done: string = sep;
    let links = 0;
    while (todo.length > 0) {
      const { name, strict } = todo.shift() as Step;
      if (name === '.') continue;
      if (name === '..') {
        done = dirname(done);
        continue;
      }
      const p = join(done, name);
      const st = fs.lstat(p);
      if (!st) return { absent: true };
      if (st.isSymbolicLink()) {
        if (st.uid !== me && (strict || st.uid !== 0))
          return `${p} is a symbolic link owned by uid ${st.uid}, not you: rm ${p}`;
        if (++links > 40) return `${p}: too many symbolic links`;
        const target = fs.readlink(p);
        const parts = target.split(sep).filter(Boolean);
        if (isAbsolute(target)) done = sep;
        // The link's target takes its place: its last component is as strict as the link.
        todo.unshift(...parts.map((n, i) => ({ name: n, strict: strict && i === parts.length - 1 })));
        continue;
      }
      const bad = judge(p, st, strict);
      if (bad) return bad;
      done = p;
    }
    return { absent: false };
  }

  function trouble(path: string): string | undefined {
    const abs = resolve(path);
    const root = strictRoot(abs);
    // No user ids (Windows): nothing to compare owners with.
    if (root === undefined || me < 0) return undefined;
    const dir = dirname(abs);
    // The directory's chain once per process; then the last component alone (or the whole
    // walk when it is a link).
    if (!safe.has(dir)) {
      const seen = walk(dir, root);
      if (typeof seen === 'string') return seen;
      if (seen.absent) return undefined;
      safe.add(dir);
    }
    if (safe.has(abs)) return undefined;
    const st = fs.lstat(abs);
    if (!st) return undefined;
    if (st.isSymbolicLink()) {
      const seen = walk(abs, root);
      return typeof seen === 'string' ? seen : undefined;
    }
    // The last component is `routersh/` or below it: strict.
    const bad = judge(abs, st, true);
    if (!bad && st.isDirectory()) safe.add(abs);
    return bad;
  }

  return {
    trouble,
    check(path) {
      const bad = trouble(path);
      if (bad) throw unsafeState(bad);
    },
    ensureDir(dir) {
      const abs = resolve(dir);
      if (safe.has(abs)) return;
      // Judged before too: mkdir -p would follow a planted link.
      let bad = trouble(abs);
      if (!bad) {
        mkdirSync(abs, { recursive: true, mode: 0o700 });
        bad = trouble(abs);
      }
      if (bad) throw unsafeState(bad);
    },
  };
}

/** The one line an unsafe state path is refused with (exit 2, as a bad configuration). */
export const unsafeState = (why: string): RoutershError => configError(`unsafe state: ${why}`);

/** This process's checker: every reader and writer of state goes through it. */
export const stateFiles: StateChecker = stateChecker();
