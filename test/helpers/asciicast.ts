// Reading an asciicast v2 file (asciinema's format) and replaying it into a headless terminal
// (@xterm/headless): the screen a player would show at the end.
import { readFileSync } from 'node:fs';
import xterm from '@xterm/headless';

export interface Cast {
  header: {
    version: number;
    width: number;
    height: number;
    timestamp: number;
    env: Record<string, string>;
    title?: string;
  };
  events: Array<[number, 'o' | 'r' | 'i' | 'm', string]>;
}

/** Parses the file strictly: a v2 header line, then events with times that never go back. */
export function readCast(path: string): Cast {
  const [first, ...rest] = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const header = JSON.parse(first ?? '{}') as Cast['header'];
  if (header.version !== 2 || !(header.width > 0) || !(header.height > 0))
    throw new Error(`not an asciicast v2 header: ${first}`);
  let last = 0;
  const events = rest.map((l) => {
    const e = JSON.parse(l) as Cast['events'][number];
    const [t, kind, data] = e;
    if (typeof t !== 'number' || t < last || !['o', 'r', 'i', 'm'].includes(kind) || typeof data !== 'string')
      throw new Error(`bad asciicast event: ${l}`);
    if (kind === 'r' && !/^\d+x\d+$/.test(data)) throw new Error(`bad resize event: ${l}`);
    last = t;
    return e;
  });
  return { header, events };
}

/** The final screen of `cast` played in a terminal of its size, one string per row, right-trimmed. */
export async function replayScreen(cast: Cast): Promise<string[]> {
  const term = new xterm.Terminal({
    cols: cast.header.width,
    rows: cast.header.height,
    allowProposedApi: true,
  });
  for (const [, kind, data] of cast.events) {
    if (kind === 'o') await new Promise<void>((resolve) => term.write(data, resolve));
    else if (kind === 'r') {
      const [cols, rows] = data.split('x').map(Number);
      term.resize(cols as number, rows as number);
    }
  }
  const buf = term.buffer.active;
  const rows: string[] = [];
  for (let y = 0; y < term.rows; y++)
    // Trailing blanks, drawn with attributes (the cursor's inverse space) or not, are not text.
    rows.push((buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '').trimEnd());
  term.dispose();
  return rows;
}
