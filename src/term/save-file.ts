// THE writer of output to a file (`| save`, `config save`): the text sanitized as if printed (a
// router's control characters must not reach a later `cat`), into a new file — an existing one
// is never overwritten unless the command says so (`config save --force`).
import { argumentError } from '../errors.js';
import { sanitizeText } from './sanitize.js';

export interface SaveOptions {
  /** The file's mode whatever the umask (0644 for output, 0600 for what may be private). */
  mode: number;
  /** Replace an existing file (its mode becomes `mode` too). */
  overwrite?: boolean;
  /** The command named in errors (`save`, `config save`). */
  who: string;
  /** What to do when the file exists (default: pick another name). */
  existsHint?: string;
}

export async function saveFile(file: string, text: string, o: SaveOptions): Promise<void> {
  try {
    // Loaded here: node:fs/promises costs a one-shot command ~1 ms at start.
    const { chmod, writeFile } = await import('node:fs/promises');
    await writeFile(file, sanitizeText(text), { flag: o.overwrite ? 'w' : 'wx', mode: o.mode });
    await chmod(file, o.mode);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw argumentError(
        `${o.who}: '${file}' exists; not overwritten (${o.existsHint ?? 'pick another name'})`,
      );
    throw argumentError(`${o.who}: cannot write '${file}': ${(e as Error).message}`);
  }
}
