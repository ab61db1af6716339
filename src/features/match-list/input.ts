// Reading a feed: one entry a line (`net`, or `net proto:port` for net-port lists), `#`
// comments, blank lines, or one CSV column. Pure; values are checked against the router's
// InputRe later (check.ts), once its metadata is known.

export interface Entry {
  /** 1-based line of the input it came from. */
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
  entries: Entry[];
  /** Lines that named an entry already seen (after canonical form). */
  duplicates: number;
  bad: BadLine[];
}

const IP4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/;

/** How routers store an IPv4 net: host bits cleared, `/32` dropped. Anything else is kept as is. */
export function canonicalNet(net: string): string {
  const m = IP4.exec(net);
  if (!m) return net;
  const octets = m.slice(1, 5).map(Number);
  const bits = m[5] === undefined ? 32 : Number(m[5]);
  if (octets.some((o) => o > 255) || bits > 32) return net;
  if (bits === 32) return octets.join('.');
  const n = octets.reduce((a, o) => a * 256 + o, 0);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  const v = (n & mask) >>> 0;
  return `${[v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.')}/${bits}`;
}

/** One entry as a line of a feed or of `export`: `net` or `net proto:port`. */
export const entryText = (e: { net: string; port?: string; protocol?: string }): string =>
  e.port === undefined ? e.net : `${e.net} ${e.protocol ?? ''}:${e.port}`;

/** The identity of an entry, for duplicates and for comparing with the router's members. */
export const entryId = (e: { net: string; port?: string; protocol?: string }): string =>
  entryText({ ...e, net: canonicalNet(e.net) });

/** Splits one CSV record (RFC 4180 quoting, one physical line). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

function entryOf(text: string, line: number): Entry | BadLine {
  // `net proto:port`, or the members' own spelling `net,proto:port`.
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length === 1) return { line, net: parts[0]! };
  const pp = parts.length === 2 ? /^([^:\s]+):(\d+)$/.exec(parts[1]!) : null;
  if (!pp) return { line, text, reason: 'expected an address or network, or "net proto:port"' };
  return { line, net: parts[0]!, protocol: pp[1]!, port: pp[2]! };
}

export interface InputOptions {
  /** Header name, or a 1-based column number (no header row then). */
  csv?: string | undefined;
}

export function parseInput(text: string, o: InputOptions = {}): ParsedInput {
  const lines = text.split(/\r?\n/);
  const entries: Entry[] = [];
  const bad: BadLine[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  let column = -1;
  let first = 0;
  if (o.csv !== undefined) {
    if (/^\d+$/.test(o.csv)) column = Number(o.csv) - 1;
    else {
      // The header is the first line that is not blank or a comment.
      while (first < lines.length && /^\s*(#|$)/.test(lines[first]!)) first++;
      const header = csvFields(lines[first] ?? '');
      column = header.indexOf(o.csv);
      if (column < 0) {
        bad.push({
          line: first + 1,
          text: lines[first] ?? '',
          reason: `no column named '${o.csv}' in the header`,
        });
        return { entries, duplicates, bad };
      }
      first++;
    }
  }
  for (let i = first; i < lines.length; i++) {
    const raw = lines[i]!;
    if (/^\s*(#|$)/.test(raw)) continue;
    let text: string;
    if (column >= 0) {
      const fields = csvFields(raw);
      if (column >= fields.length) {
        bad.push({ line: i + 1, text: raw, reason: `no column ${column + 1}` });
        continue;
      }
      text = fields[column]!;
      if (text === '') continue;
    } else {
      const hash = raw.indexOf('#');
      text = (hash < 0 ? raw : raw.slice(0, hash)).trim();
      if (text === '') continue;
    }
    const e = entryOf(text, i + 1);
    if ('reason' in e) {
      bad.push(e);
      continue;
    }
    const id = entryId(e);
    if (seen.has(id)) {
      duplicates++;
      continue;
    }
    seen.add(id);
    entries.push(e);
  }
  return { entries, duplicates, bad };
}
