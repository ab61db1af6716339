// Files named on the command line or in a profile: `~/…` is the home directory (profiles are
// written by hand, as in a shell), and a secret file is one line, never empty.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { configError } from '../errors.js';
import { readFailure } from './read-bounded.js';

export type Read = (path: string) => string;

/** `~/x` as the home directory's x; any other path as written. */
export const homePath = (path: string): string =>
  path.startsWith('~/') ? join(process.env.HOME || homedir(), path.slice(2)) : path;

/** A file's text, or one configuration error naming it: `cannot read WHAT file PATH: ENOENT`. */
export function readNamedFile(read: Read, path: string, what: string): string {
  try {
    return read(homePath(path));
  } catch (e) {
    throw configError(`cannot read ${what} file ${path}: ${readFailure(e)}`);
  }
}

export function readSecretFile(read: Read, path: string, what: string): string {
  // A secret file holds one line; trailing newlines from editors are not part of it.
  const secret = readNamedFile(read, path, what).replace(/\r?\n$/, '');
  // An empty file is a mistake (a failed copy, a variable that was unset): said as such, not
  // taken for "no secret" (a key file ignored reads as "no telemetry API configured").
  if (secret === '') throw configError(`${what} file ${path} is empty`);
  return secret;
}
