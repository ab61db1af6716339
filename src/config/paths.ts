// Where routersh keeps its files (XDG Base Directory): the configuration under
// $XDG_CONFIG_HOME/routersh/, state (history, demo secrets) under $XDG_STATE_HOME/routersh/,
// what can be thrown away and made again (completion's router words) under $XDG_CACHE_HOME/routersh/.
// A relative XDG value is invalid and ignored, as the specification says.
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

function base(env: Env, variable: string, fallback: string[], home: string): string {
  const value = env[variable];
  return value?.startsWith('/') ? value : join(env['HOME'] || home, ...fallback);
}

/** `$XDG_CONFIG_HOME/routersh/config.json` (default `~/.config/routersh/config.json`). */
export const configPath = (env: Env, home: string = homedir()): string =>
  join(base(env, 'XDG_CONFIG_HOME', ['.config'], home), 'routersh', 'config.json');

/** `$XDG_STATE_HOME/routersh` (default `~/.local/state/routersh`). */
export const stateDir = (env: Env, home: string = homedir()): string =>
  join(base(env, 'XDG_STATE_HOME', ['.local', 'state'], home), 'routersh');

/** `$XDG_CACHE_HOME/routersh` (default `~/.cache/routersh`). */
export const cacheDir = (env: Env, home: string = homedir()): string =>
  join(base(env, 'XDG_CACHE_HOME', ['.cache'], home), 'routersh');

/** The history file, in the state directory. */
export const historyPath = (env: Env, home: string = homedir()): string =>
  join(stateDir(env, home), 'history');

/** Lesson progress, one JSON file per lesson, in the state directory. */
export const lessonProgressDir = (env: Env, home: string = homedir()): string =>
  join(stateDir(env, home), 'lessons');

/** The user's own lessons, `NAME.md` each: `$XDG_CONFIG_HOME/routersh/lessons/` (listed, Tab, `learn NAME`). */
export const userLessonsDir = (env: Env, home: string = homedir()): string =>
  join(base(env, 'XDG_CONFIG_HOME', ['.config'], home), 'routersh', 'lessons');
