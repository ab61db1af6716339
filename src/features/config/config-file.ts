// The saved configuration's format (config save, checkpoints, compare FILE, config load): a
// header of `# key: value` comment lines, then one line per configured value in tree order
// (line-text.ts). On read, `#` lines and blank lines are ignored; the header is the comment
// block before the first line. Pure: the caller reads and writes the file.
import type { ConfigDoc } from '../../contract/config.js';
import { commandFailedError } from '../../errors.js';
import { scanLine, quoteWord } from '../../lang/tokenize.js';
import { lineText } from './line-text.js';

/** A file larger than this is refused before it is read as text (docs/configuration.md says so). */
export const MAX_CONFIG_FILE_BYTES = 16 * 1024 * 1024;

export const FILE_TITLE = '# routersh configuration';

export interface ConfigFileHeader {
  router?: string;
  user?: string;
  time?: string;
  version?: string;
  members: boolean;
  /** [] for the whole tree. */
  under: string[];
}

export interface ParsedConfigFile {
  header: ConfigFileHeader;
  /** The configuration lines, with their 1-based line numbers in the file. */
  lines: Array<{ n: number; text: string }>;
}

/** A header value on one line: no control characters (a URL or user name never holds one). */
const oneLine = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, ' ');

/** The header's lines, each ending in a newline. */
export function formatHeader(doc: Omit<ConfigDoc, 'lines'>): string {
  let out = `${FILE_TITLE}\n# router: ${oneLine(doc.router)}\n# user: ${oneLine(doc.user)}\n`;
  out += `# time: ${oneLine(doc.time)}\n# version: ${oneLine(doc.version)}\n`;
  out += `# members: ${doc.members ? 'yes' : 'no'}\n`;
  if (doc.under.length) out += `# under: ${doc.under.map(quoteWord).join(' ')}\n`;
  return out;
}

export function formatConfigFile(doc: ConfigDoc): string {
  const parts = [formatHeader(doc)];
  for (const l of doc.lines) parts.push(`${lineText(l)}\n`);
  return parts.join('');
}

/** The file's text, refused when it is too big or not text (one error naming the file and line). */
export function decodeConfigFile(bytes: Uint8Array, name: string): string {
  if (bytes.byteLength > MAX_CONFIG_FILE_BYTES)
    throw commandFailedError(`${name}: larger than 16 MiB, not read (the limit of a configuration file)`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const line = lineOfByte(bytes, firstInvalidUtf8(bytes));
    throw commandFailedError(`${name}:${line}: not a text file (invalid UTF-8)`);
  }
  return text;
}

function lineOfByte(bytes: Uint8Array, at: number): number {
  let n = 1;
  for (let i = 0; i < at && i < bytes.length; i++) if (bytes[i] === 10) n++;
  return n;
}

/** Where UTF-8 decoding first fails (the start of the bad sequence). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const dec = new TextDecoder('utf-8', { fatal: true });
  // Halving search on prefixes would split sequences; a linear check by lead byte is simple.
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const len =
      b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0 || i + len > bytes.length) return i;
    try {
      dec.decode(bytes.subarray(i, i + len));
    } catch {
      return i;
    }
    i += len;
  }
  return bytes.length;
}

const HEADER = /^#\s*(router|user|time|version|members|under):\s?(.*)$/;

/**
 * Reads a saved configuration: `text` (or the file's bytes, checked by decodeConfigFile first).
 * `name` names the file in errors.
 */
export function parseConfigFile(input: string | Uint8Array, name: string): ParsedConfigFile {
  const text = typeof input === 'string' ? input : decodeConfigFile(input, name);
  if (typeof input === 'string' && text.length > MAX_CONFIG_FILE_BYTES)
    throw commandFailedError(`${name}: larger than 16 MiB, not read (the limit of a configuration file)`);
  const header: ConfigFileHeader = { members: false, under: [] };
  const lines: ParsedConfigFile['lines'] = [];
  let n = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    n++;
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.includes('\u0000')) throw commandFailedError(`${name}:${n}: not a text file (a NUL byte)`);
    const bare = line.trim();
    if (bare === '') continue;
    if (bare.startsWith('#')) {
      if (lines.length === 0) readHeader(header, bare);
      continue;
    }
    lines.push({ n, text: line });
  }
  return { header, lines };
}

function readHeader(h: ConfigFileHeader, line: string): void {
  const m = HEADER.exec(line);
  if (!m) return;
  const key = m[1] as 'router' | 'user' | 'time' | 'version' | 'members' | 'under';
  const value = m[2]!.trim();
  if (key === 'members') h.members = value === 'yes';
  else if (key === 'under') h.under = scanLine(value).tokens.map((t) => t.text);
  else h[key] = value;
}
