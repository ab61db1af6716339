// A secret file only its owner may read: the classroom's instructor token and join codes
// (`--token-file`, `--code-file`). `class serve` writes them 0600; a copy others can read (mode
// 0644 after a `cp`) is refused, as ssh refuses such a private key, naming the fix; the
// secret is never read from it, so it never travels after a mistake. One line, never empty.
import { statSync } from 'node:fs';
import { configError, isRoutershError } from '../errors.js';
import { readFailure, readFileBoundedSync } from './read-bounded.js';
import { homePath, readSecretFile } from './secret-file.js';

/** A token or a code is short: a bound keeps `--token-file /dev/zero` from reading forever. */
const MAX_SECRET_BYTES = 64 * 1024;

export function readPrivateSecretFile(path: string, what: string): string {
  const full = homePath(path);
  let mode: number;
  try {
    const st = statSync(full);
    if (!st.isFile()) throw configError(`${what} file ${path} is not a regular file`);
    mode = st.mode;
  } catch (e) {
    if (isRoutershError(e)) throw e;
    throw configError(`cannot read ${what} file ${path}: ${readFailure(e)}`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    const shown = (mode & 0o777).toString(8).padStart(4, '0');
    throw configError(`${what} file ${path} is readable by others (mode ${shown}): chmod 600 ${path}`);
  }
  return readSecretFile((p) => readFileBoundedSync(p, MAX_SECRET_BYTES), path, what).trim();
}
