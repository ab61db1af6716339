// The whole configuration, read by walking the live metadata: the concurrent, whole-tree,
// secret-keeping version of the journal's subtreeOf (both read a slot with lang/slot-settings.ts).
// At most one GET per node that has sub-nodes: each answer lists its sub-nodes' slots (their
// SetValues/SetOptions), so a leaf is never read on its own. Lines come out in tree order
// (SubNodes in the router's order, values in SetValues order, depth first) whatever order the
// answers arrive in.
import { setMaxListeners } from 'node:events';
import type { NodeInfo } from '../../api/router/types.js';
import type { ConfigDoc, ConfigLine } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import {
  cancelledError,
  commandFailedError,
  isRoutershError,
  protocolError,
  RoutershError,
} from '../../errors.js';
import { isSecretSlot } from '../../lang/secrets.js';
import { slotLines } from '../../lang/slot-settings.js';
import { quoteWord } from '../../lang/tokenize.js';

/** One fresh read of a node (never the shell's metadata cache): its answer, or a throw. */
export type ReadNode = (words: string[], signal: AbortSignal) => Promise<NodeInfo>;

export interface WalkOptions {
  /** Under these words only; [] for the whole tree. */
  under: readonly string[];
  /** Keep match-list members (left out, and never held in memory, without). */
  members: boolean;
  /** Reads at once (default 16). */
  concurrency?: number;
  signal?: AbortSignal;
  /** After each answer: nodes read and lines kept so far. */
  onRead?: (nodes: number, lines: number) => void;
}

export const WALK_CONCURRENCY = 16;

/**
 * A match-list's members: the entries of a Token node keyed by a Key option, under a
 * `match-list` word (`ipv4 firewall match-list LIST action match`). Their timers run out, so
 * they are state more than configuration: kept only with `members`. A keyed Token elsewhere (a
 * rule table keyed by number) is configuration and always kept.
 */
export function isMemberSlot(node: NodeInfo, at: readonly string[]): boolean {
  return node.type === 'Token' && node.possibleOptions.some((o) => o.key) && at.includes('match-list');
}

/** A sub-tree worth reading: it has sub-nodes and something in it can be set. */
const worthReading = (n: NodeInfo) => n.hasSubnodes && n.hasSetSubnodes;

/** Lines, and the places where a sub-tree's lines go once read (tree order is kept by position). */
type Segment = Array<ConfigLine | Segment>;

/** Bounded reads: a read waits for a free slot; the rest of the walk never holds one. */
class Slots {
  private free: number;
  private waiting: Array<() => void> = [];
  constructor(n: number) {
    this.free = n;
  }
  async run<T>(f: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((r) => this.waiting.push(r));
    try {
      return await f();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

const pathText = (words: readonly string[]) => (words.length ? words.map(quoteWord).join(' ') : '(the root)');

/** The walk failed at `words`: one line naming the path. */
function readFailure(words: readonly string[], e: unknown): RoutershError {
  const why = e instanceof Error ? e.message : String(e);
  const details = isRoutershError(e) ? e.details : {};
  const code = isRoutershError(e) && e.code !== 'cancelled' ? e.code : 'command_failed';
  return new RoutershError(code, `cannot read ${pathText(words)}: ${why}`, { ...details, path: [...words] });
}

class Walk {
  nodes = 0;
  lines = 0;
  private readonly slots: Slots;
  private readonly stop = new AbortController();
  private failure: RoutershError | undefined;

  constructor(
    private readonly read: ReadNode,
    private readonly o: WalkOptions,
  ) {
    const n = Math.max(1, o.concurrency ?? WALK_CONCURRENCY);
    this.slots = new Slots(n);
    // Every read in flight listens on the walk's signal (the transport's abort).
    setMaxListeners(n + 8, this.stop.signal);
    const outer = o.signal;
    if (outer) {
      if (outer.aborted) this.stop.abort();
      else outer.addEventListener('abort', () => this.stop.abort(), { once: true });
    }
  }

  /** One GET of `words`, in a free slot; the first failure ends the walk (one line naming the path). */
  async readOne(words: string[]): Promise<NodeInfo> {
    const info = await this.slots.run(async () => {
      this.checkGoing();
      try {
        return await this.read(words, this.stop.signal);
      } catch (e) {
        if (this.o.signal?.aborted) throw cancelledError();
        // The reads still out are cancelled, not waited for.
        this.failure ??= readFailure(words, e);
        this.stop.abort();
        throw this.failure;
      }
    });
    this.nodes++;
    return info;
  }

  /** Reads `words` and fills `seg` with everything configured under it. */
  async descend(words: string[], seg: Segment): Promise<void> {
    const info = await this.readOne(words);
    const below: Promise<void>[] = [];
    for (const c of info.subNodes) this.child(c, words, seg, below);
    this.o.onRead?.(this.nodes, this.lines);
    await Promise.all(below);
  }

  private checkGoing(): void {
    if (this.o.signal?.aborted) throw cancelledError();
    if (this.failure) throw this.failure;
  }

  /** One sub-node's lines (only where the router takes a SET: the rest is state), then its sub-tree. */
  child(c: NodeInfo, at: string[], seg: Segment, below: Promise<void>[]): void {
    const member = isMemberSlot(c, at);
    const keep = c.allowSet && (!member || this.o.members);
    if (c.type === 'Token') {
      if (keep && (c.setValues.length || c.setOptions.length))
        this.push(seg, slotLines(c, at, [...at, c.name], member));
      if (worthReading(c)) this.start([...at, c.name], seg, below);
      return;
    }
    if (!c.setValues.length) return;
    const lines = keep ? slotLines(c, at, undefined, member) : undefined;
    // A value in a secret slot is never read below: its words would carry the secret.
    const deeper = worthReading(c) && !isSecretSlot(at[at.length - 1] ?? '', c);
    for (let i = 0; i < c.setValues.length; i++) {
      const line = lines?.[i];
      if (line) {
        seg.push(line);
        this.lines++;
      }
      if (deeper) this.start([...at, c.setValues[i]!], seg, below);
    }
  }

  private push(seg: Segment, lines: ConfigLine[]): void {
    for (const l of lines) seg.push(l);
    this.lines += lines.length;
  }

  private start(words: string[], seg: Segment, below: Promise<void>[]): void {
    const sub: Segment = [];
    seg.push(sub);
    const p = this.descend(words, sub);
    p.catch(() => {});
    below.push(p);
  }
}

function flatten(seg: Segment, out: ConfigLine[]): ConfigLine[] {
  for (const x of seg) {
    if (Array.isArray(x)) flatten(x, out);
    else out.push(x);
  }
  return out;
}

/**
 * Everything configured at and under `o.under`, in tree order. Under a path, its parent is read
 * too (it has sub-nodes: the path is one) for the path's own line (`interface eth1`), so a
 * file saved under it re-creates it.
 */
export async function walkConfig(read: ReadNode, o: WalkOptions): Promise<ConfigLine[]> {
  const w = new Walk(read, o);
  const root: Segment = [];
  const under = [...o.under];
  if (under.length === 0) {
    await w.descend([], root);
    return flatten(root, []);
  }
  const own = await ownLines(w, under, o);
  root.push(...own.lines);
  if (own.deeper) await w.descend(under, root);
  return flatten(root, []);
}

/** The path's own slot entry, from its parent's answer; whether anything below it is worth a read. */
async function ownLines(
  w: Walk,
  under: string[],
  o: WalkOptions,
): Promise<{ lines: ConfigLine[]; deeper: boolean }> {
  const parent = under.slice(0, -1);
  const last = under[under.length - 1]!;
  const info = await w.readOne(parent);
  const token = info.subNodes.find((c) => c.type === 'Token' && c.name === last);
  if (token) {
    const member = isMemberSlot(token, parent);
    const keep = token.allowSet && (!member || o.members);
    const lines = keep ? slotLines(token, parent, under, member) : [];
    w.lines += lines.length;
    return { lines, deeper: worthReading(token) };
  }
  const value = info.subNodes.find((c) => c.type === 'Value' && c.setValues.includes(last));
  // Not a configured value: the router says what is under it, or why not.
  if (!value) return { lines: [], deeper: true };
  if (isSecretSlot(parent[parent.length - 1] ?? '', value))
    throw commandFailedError(`${pathText(parent)}: a secret, not read below`);
  const lines = value.allowSet ? slotLines(value, parent, undefined, false) : [];
  const line = lines[value.setValues.indexOf(last)];
  if (line) w.lines++;
  return { lines: line ? [line] : [], deeper: worthReading(value) };
}

const PROGRESS_AFTER_MS = 1000;
const PROGRESS_EVERY_MS = 250;

/**
 * The live configuration (what `show configuration`, `config save`, checkpoints, compare and
 * loads read): a fresh walk through the router client (each GET with the transport's
 * deadline), progress on the terminal after a second, cancelled by the run's signal.
 */
export async function readConfig(
  env: HandlerEnv,
  o: { under: string[]; members: boolean },
): Promise<ConfigDoc> {
  const { services, io, signal } = env;
  const read: ReadNode = async (words, s) => {
    const answer = await services.router.send({ method: 'GET', words }, { signal: s });
    if (!answer.nodeInfo) throw protocolError('the router answered a GET without NodeInfo');
    return answer.nodeInfo;
  };
  let nodes = 0;
  let lines = 0;
  const show = () => io.progress?.(`walked ${nodes} nodes, ${lines} lines`);
  let every: ReturnType<typeof setInterval> | undefined;
  const first = io.progress
    ? setTimeout(() => {
        show();
        every = setInterval(show, PROGRESS_EVERY_MS);
        every.unref?.();
      }, PROGRESS_AFTER_MS)
    : undefined;
  first?.unref?.();
  const time = new Date(services.now()).toISOString();
  try {
    const walked = await walkConfig(read, {
      under: o.under,
      members: o.members,
      signal,
      onRead: (n, l) => {
        nodes = n;
        lines = l;
      },
    });
    const id = services.identity;
    return {
      router: id?.router ?? '',
      user: id?.user ?? '',
      time,
      version: id?.version ?? '',
      members: o.members,
      under: [...o.under],
      lines: walked,
    };
  } finally {
    clearTimeout(first);
    clearInterval(every);
  }
}
