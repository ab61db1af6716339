// Reading a feed: one entry a line (`net`, or `net proto:port` for net-port lists), `#`
// comments, blank lines, or one CSV column (read by csv-parse, loaded only when --csv is
// given). Values are checked against the router's InputRe later (check.ts), once its metadata
// is known; duplicates are judged after that (feed.ts), on canonical forms (lang/ip.ts canonicalNet).
import { canonicalNet, leadingZeroOctet } from '../../lang/ip.js';

export interface Entry {
  /** 1-based line of the input it came from (a CSV record: the line it starts on). */
  line: number;
  net: string;
  port?: string;
  protocol?: string;
}

export interface BadLine {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedInput {
  /** Every line that names an entry, in order (duplicates included: feed.ts drops them). */
  entries: Entry[];
  bad: BadLine[];
  /**
   * The CSV is broken at this record (an unterminated quote, a stray quote): nothing from there
   * on could be read, so the input does not say what the feed lists (a sync must not remove).
   */
  broken?: BadLine;
}

/** One entry as a line of a feed or of `export`: `net` or `net proto:port`. */
export const entryText = (e: { net: string; port?: string; protocol?: string }): string =>
  e.port === undefined ? e.net : `${e.net} ${e.protocol ?? ''}:${e.port}`;

/** The identity of an entry, for duplicates and for comparing with the router's members. */
export const entryId = (e: { net: string; port?: string; protocol?: string }): string =>
  // An entry without a port (nearly every one) is its canonical net: no copy of it made first.
  e.port === undefined
    ? canonicalNet(e.net)
    : entryText({
        ...e,
        net: canonicalNet(e.net),
        ...(e.protocol ? { protocol: e.protocol.toLowerCase() } : {}),
      });

const SEPARATOR = /[\s,]/;

function entryOf(text: string, line: number): Entry | BadLine {
  // `net proto:port`, or the members' own spelling `net,proto:port`.
  // A line of one word (nearly every one) is not split: a 65,536-line feed made as many arrays.
  const parts = SEPARATOR.test(text) ? text.split(/[\s,]+/).filter((p) => p !== '') : [text];
  const pp = parts.length === 2 ? /^([^:\s]+):(\d+)$/.exec(parts[1]!) : null;
  if (parts.length !== 1 && !pp)
    return { line, text, reason: 'expected an address or network, or "net proto:port"' };
  const net = parts[0]!;
  if (leadingZeroOctet(net)) {
    return {
      line,
      text,
      reason: `'${net}' has an octet with a leading zero, which some tools read as octal: write it without the zeros`,
    };
  }
  return pp ? { line, net, protocol: pp[1]!, port: pp[2]! } : { line, net };
}

export interface InputOptions {
  /** Header name, or a 1-based column number (no header row then). */
  csv?: string | undefined;
}

/** The text of a feed, one entry a line (`#` comments, blank lines skipped). */
function parseLines(text: string): ParsedInput {
  const lines = text.split(/\r?\n/);
  const entries: Entry[] = [];
  const bad: BadLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const hash = raw.indexOf('#');
    const t = (hash < 0 ? raw : raw.slice(0, hash)).trim();
    if (t === '') continue;
    const e = entryOf(t, i + 1);
    if ('reason' in e) bad.push(e);
    else entries.push(e);
  }
  return { entries, bad };
}

interface CsvRecord {
  /** The physical line the record starts on. */
  line: number;
  fields: string[];
}

/**
 * The records of an RFC 4180 text (csv-parse: a quoted field may hold commas, `""` and line
 * breaks), each with the line it starts on; blank lines and lines starting with `#` are skipped.
 * A syntax error (an unterminated quote, a stray one) ends the reading: the records before it
 * are kept and `broken` names the line its record starts on.
 */
async function csvRecords(
  text: string,
): Promise<{ records: CsvRecord[]; broken?: { line: number; reason: string } }> {
  const { parse } = await import('csv-parse/sync');
  const buf = Buffer.from(text, 'utf8');
  // Where a record ends (bytes_records) → the line the next one starts on: past the line
  // breaks before it, and past the blank and comment lines the parser skips.
  const bom = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  let at = 0;
  let line = 1;
  const startLine = (end: number): number => {
    for (; at < end; at++) if (buf[at] === 0x0a) line++;
    let i = Math.max(at, bom);
    let n = line;
    for (;;) {
      while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0d)) i++;
      if (i >= buf.length || (buf[i] !== 0x0a && buf[i] !== 0x23)) return n;
      // A blank line or a comment: on to the next line.
      const nl = buf.indexOf(0x0a, i);
      if (nl < 0) return n;
      i = nl + 1;
      n++;
    }
  };
  const records: CsvRecord[] = [];
  let end = 0;
  try {
    parse(buf, {
      bom: true,
      trim: true,
      comment: '#',
      comment_no_infix: true,
      skip_empty_lines: true,
      relax_column_count: true,
      on_record: (fields: string[], info: { bytes_records: number }) => {
        records.push({ line: startLine(end), fields });
        end = info.bytes_records;
        return null;
      },
    });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    const reason =
      code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quoted field is not closed (the rest of the file is inside it)'
        : code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'INVALID_OPENING_QUOTE'
          ? 'a quote inside an unquoted field, or text after a closing quote (RFC 4180: write "" inside quotes)'
          : `not valid CSV (${code || (e as Error).message})`;
    return { records, broken: { line: startLine(end), reason } };
  }
  return { records };
}

/** One CSV column: by header name (the first record is the header) or by 1-based number. */
async function parseCsvColumn(text: string, csv: string): Promise<ParsedInput> {
  const { records, broken } = await csvRecords(text);
  const lines = text.split(/\r?\n/);
  const lineText = (n: number) => lines[n - 1] ?? '';
  const entries: Entry[] = [];
  const bad: BadLine[] = [];
  let column: number;
  let first = 0;
  if (/^\d+$/.test(csv)) column = Number(csv) - 1;
  else {
    const header = records[0];
    column = header ? header.fields.indexOf(csv) : -1;
    if (column < 0) {
      const line = header?.line ?? broken?.line ?? 1;
      bad.push({ line, text: lineText(line), reason: `no column named '${csv}' in the header` });
      return { entries, bad };
    }
    first = 1;
  }
  for (const r of records.slice(first)) {
    if (column >= r.fields.length) {
      bad.push({ line: r.line, text: lineText(r.line), reason: `no column ${column + 1}` });
      continue;
    }
    const value = r.fields[column]!;
    if (value === '') continue;
    const e = entryOf(value, r.line);
    if ('reason' in e) bad.push({ ...e, text: lineText(r.line) });
    else entries.push(e);
  }
  if (!broken) return { entries, bad };
  const b = { line: broken.line, text: lineText(broken.line), reason: broken.reason };
  bad.push(b);
  return { entries, bad, broken: b };
}

export function parseInput(text: string, o: InputOptions = {}): Promise<ParsedInput> {
  return o.csv === undefined ? Promise.resolve(parseLines(text)) : parseCsvColumn(text, o.csv);
}
