// What a configuration is compared with (compare FILE | checkpoint NAME | --profile P | --router
// URL in the shell; `routersh config diff A B` on the command line): each source read into one
// side of the diff — its line texts in tree order (line-text.ts's form, so a file's own quoting
// does not count as a difference), a label for the `---`/`+++` lines, and the `under` and
// `members` it was saved with (the live side is walked the same way, or a file of one subtree
// would show the rest of the router as added).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { ConfigDoc, ConfigLine } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import { commandFailedError } from '../../errors.js';
import { quoteWord, scanLine } from '../../lang/tokenize.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { readCheckpoint } from './checkpoint-store.js';
import { MAX_CONFIG_FILE_BYTES, parseConfigFile } from './config-file.js';
import { lineText } from './line-text.js';
import { readConfig } from './walk.js';

export type Source =
  | { kind: 'file'; path: string }
  | { kind: 'checkpoint'; name: string }
  | { kind: 'profile'; name: string }
  | { kind: 'router'; url: string }
  | { kind: 'live' };

/** One side of a diff. */
export interface Side {
  /** `--- LABEL` / `+++ LABEL`. */
  label: string;
  texts: string[];
  under: string[];
  members: boolean;
  /** An automatic checkpoint's nodes: it holds only them, so the other side is cut to them too. */
  only?: string[][];
}

/** `routersh config diff`'s argument: a bare one is a file; `checkpoint:`, `profile:`, `router:` name the others. */
export function parseDiffArg(arg: string): Source {
  const m = /^(checkpoint|profile|router):(.*)$/s.exec(arg);
  if (!m) {
    if (arg === '')
      throw commandFailedError(
        'config diff: an empty argument (want FILE, checkpoint:NAME, profile:NAME or router:URL)',
      );
    return { kind: 'file', path: arg };
  }
  const value = m[2]!;
  if (value === '')
    throw commandFailedError(`config diff: ${m[1]}: wants a ${m[1] === 'router' ? 'URL' : 'name'}`);
  if (m[1] === 'checkpoint') return { kind: 'checkpoint', name: value };
  if (m[1] === 'profile') return { kind: 'profile', name: value };
  return { kind: 'router', url: value };
}

/** The shell's `compare` arguments (none: this session's changes, not a source). */
export function parseCompareArgs(args: readonly string[]): Source {
  const [first, second, ...rest] = args;
  const usage = 'compare takes FILE, checkpoint NAME, --profile P or --router URL';
  if (rest.length > 0 || first === undefined) throw commandFailedError(usage);
  if (first === 'checkpoint' || first === '--profile' || first === '--router') {
    if (second === undefined)
      throw commandFailedError(`compare ${first}: wants a ${first === '--router' ? 'URL' : 'name'}`);
    if (first === 'checkpoint') return { kind: 'checkpoint', name: second };
    return first === '--profile' ? { kind: 'profile', name: second } : { kind: 'router', url: second };
  }
  if (second !== undefined || first.startsWith('-')) throw commandFailedError(usage);
  return { kind: 'file', path: first };
}

/** A configuration line written as line-text.ts writes it: the file's words, each quoted by THE lexer's rule. */
export function canonicalLine(text: string): string {
  return scanLine(text)
    .tokens.map((t) => quoteWord(t.text))
    .join(' ');
}

/**
 * A saved file's bytes, at most the configuration file limit: a regular file over it is refused
 * unread, anything else (a FIFO, /dev/zero) stops at the first byte past it.
 */
export function readConfigBytes(path: string): Uint8Array {
  const too = () =>
    commandFailedError(`${path}: larger than 16 MiB, not read (the limit of a configuration file)`);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw commandFailedError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw commandFailedError(`cannot read ${path}: a directory`);
    if (st.isFile() && st.size > MAX_CONFIG_FILE_BYTES) throw too();
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(1 << 20, MAX_CONFIG_FILE_BYTES + 1 - total));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
      if (total > MAX_CONFIG_FILE_BYTES) throw too();
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** A saved file's (or checkpoint's) side: its lines as written, in its order. */
export function fileSide(input: string | Uint8Array, name: string, label: string): Side {
  const { header, lines } = parseConfigFile(input, name);
  return {
    label: header.time ? `${label} (${header.time})` : label,
    texts: lines.map((l) => canonicalLine(l.text)),
    under: header.under,
    members: header.members,
  };
}

/** A walked configuration's side. */
export const docSide = (doc: ConfigDoc, label: string): Side => ({
  label,
  texts: doc.lines.map(lineText),
  under: doc.under,
  members: doc.members,
});

/** Another router, as a connected session's HandlerEnv (the caller opens and closes it). */
export type OtherRouter = (source: { profile: string } | { router: string }) => Promise<{
  env: HandlerEnv;
  label: string;
  close(): Promise<void>;
}>;

/**
 * Reads `source` into a side. `router`: the router whose checkpoints are meant; `walk`: the
 * live configuration of this session, under `under`; `other`: how to reach another router.
 */
export async function readSide(
  source: Source,
  o: {
    router: string;
    stateDir?: string;
    live: (under: string[], members: boolean) => Promise<ConfigDoc>;
    other: OtherRouter;
    /** For the live side: the other side's subtree and members. */
    like?: Pick<Side, 'under' | 'members' | 'only'> | undefined;
  },
): Promise<Side> {
  switch (source.kind) {
    case 'file':
      return fileSide(readConfigBytes(source.path), source.path, source.path);
    case 'checkpoint': {
      const c = readCheckpoint(
        o.router,
        source.name,
        o.stateDir !== undefined ? { stateDir: o.stateDir } : {},
      );
      const side = fileSide(c.text, c.file, `checkpoint ${source.name}`);
      // Its lines are in the order the change read them, not tree order: both sides are sorted.
      return c.nodes ? { ...side, texts: side.texts.sort(), only: c.nodes } : side;
    }
    case 'live': {
      const doc = await o.live(o.like?.under ?? [], o.like?.members ?? false);
      return docSide(only(doc, o.like?.only), `live ${sanitizeLine(o.router)}`);
    }
    case 'profile':
    case 'router': {
      const spec = source.kind === 'profile' ? { profile: source.name } : { router: source.url };
      const other = await o.other(spec);
      try {
        const doc = await readConfig(other.env, {
          under: o.like?.under ?? [],
          members: o.like?.members ?? false,
        });
        return docSide(only(doc, o.like?.only), other.label);
      } finally {
        await other.close();
      }
    }
  }
}

/**
 * A walked configuration cut to `nodes` (an automatic checkpoint's: the words of each request,
 * a value's with the value), sorted as that checkpoint is: the lines at or under a node, and the
 * other value of a single-value slot (`interface eth1 mtu 1500` for `… mtu 9000`).
 */
function only(doc: ConfigDoc, nodes: string[][] | undefined): ConfigDoc {
  if (!nodes) return doc;
  const starts = (path: readonly string[], n: readonly string[]) =>
    n.length <= path.length && n.every((w, i) => path[i] === w);
  const on = (l: ConfigLine) =>
    nodes.some(
      (n) => starts(l.path, n) || (!l.multi && l.path.length === n.length && starts(l.path, n.slice(0, -1))),
    );
  const lines = doc.lines.filter(on);
  const text = new Map(lines.map((l) => [l, lineText(l)]));
  return {
    ...doc,
    lines: lines.sort((a, b) => (text.get(a)! < text.get(b)! ? -1 : text.get(a)! > text.get(b)! ? 1 : 0)),
  };
}
