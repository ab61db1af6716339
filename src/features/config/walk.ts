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
import { withProgress } from './late-progress.js';

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

const pathText = (words: readonly string[]) => (words.length ? words.map(quoteWord).join(' ') : '(the root)');

/** The walk failed at `words`: one line naming the path. */
function readFailure(words: readonly string[], e: unknown): RoutershError {
  const why = e instanceof Error ? e.message : String(e);
  const details = isRoutershError(e) ? e.details : {};
  const code = isRoutershError(e) && e.code !== 'cancelled' ? e.code : 'command_failed';
  return new RoutershError(code, `cannot read ${pathText(words)}: ${why}`, { ...details, path: [...words] });
}

/** A node still to read, and the place in the output its lines go. */
interface Task {
  words: string[];
  seg: Segment;
}

/**
 * The walk: a queue of nodes to read and at most `concurrency` reads out at once. Each answer
 * queues the sub-trees worth reading; nothing waits on a promise per pending node (10,000
 * interfaces are 40,000 tasks in a plain array, not 40,000 waiting closures).
 */
class Walk {
  nodes = 0;
  lines = 0;
  private readonly limit: number;
  private readonly stop = new AbortController();
  private readonly queue: Task[] = [];
  private head = 0;
  private active = 0;
  private failure: RoutershError | undefined;
  private settle: { resolve: () => void; reject: (e: unknown) => void } | undefined;

  constructor(
    private readonly read: ReadNode,
    private readonly o: WalkOptions,
  ) {
    this.limit = Math.max(1, o.concurrency ?? WALK_CONCURRENCY);
    // Every read in flight listens on the walk's signal (the transport's abort).
    setMaxListeners(this.limit + 8, this.stop.signal);
    const outer = o.signal;
    if (outer) {
      if (outer.aborted) this.stop.abort();
      else outer.addEventListener('abort', () => this.stop.abort(), { once: true });
    }
  }

  /** One GET of `words`; a failure is one line naming the path. */
  async readOne(words: string[]): Promise<NodeInfo> {
    if (this.o.signal?.aborted) throw cancelledError();
    try {
      const info = await this.read(words, this.stop.signal);
      this.nodes++;
      return info;
    } catch (e) {
      if (this.o.signal?.aborted) throw cancelledError();
      throw readFailure(words, e);
    }
  }

  /** Reads `words` and everything worth reading below it, filling `seg` in tree order. */
  run(words: string[], seg: Segment): Promise<void> {
    this.queue.push({ words, seg });
    return new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
      this.pump();
    });
  }

  private pump(): void {
    while (this.active < this.limit && this.head < this.queue.length && !this.failure) {
      const task = this.queue[this.head]!;
      this.queue[this.head++] = undefined as unknown as Task;
      // A long queue is compacted now and then, so the array does not keep every task read.
      if (this.head > 4096 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      this.active++;
      void this.step(task);
    }
    if (this.active === 0 && !this.failure && this.head >= this.queue.length) this.settle?.resolve();
  }

  private async step(task: Task): Promise<void> {
    try {
      const info = await this.readOne(task.words);
      if (!this.failure) {
        for (const c of info.subNodes) this.child(c, task.words, task.seg);
        this.o.onRead?.(this.nodes, this.lines);
      }
    } catch (e) {
      this.fail(e);
    } finally {
      this.active--;
    }
    this.pump();
  }

  /** The first failure ends the walk: the reads still out are cancelled, not waited for. */
  private fail(e: unknown): void {
    if (this.failure) return;
    this.failure = e instanceof RoutershError ? e : readFailure([], e);
    this.stop.abort();
    this.settle?.reject(this.failure);
  }

  /** One sub-node's lines (only where the router takes a SET: the rest is state), then its sub-tree. */
  child(c: NodeInfo, at: string[], seg: Segment): void {
    const member = isMemberSlot(c, at);
    const keep = c.allowSet && (!member || this.o.members);
    if (c.type === 'Token') {
      if (keep && (c.setValues.length || c.setOptions.length))
        this.push(seg, slotLines(c, at, [...at, c.name], member));
      if (worthReading(c)) this.later([...at, c.name], seg);
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
      if (deeper) this.later([...at, c.setValues[i]!], seg);
    }
  }

  private push(seg: Segment, lines: ConfigLine[]): void {
    for (const l of lines) seg.push(l);
    this.lines += lines.length;
  }

  /** Queues a sub-tree; its lines go here, between the lines before and after it. */
  private later(words: string[], seg: Segment): void {
    const sub: Segment = [];
    seg.push(sub);
    this.queue.push({ words, seg: sub });
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
    await w.run([], root);
    return flatten(root, []);
  }
  const own = await ownLines(w, under, o);
  // Not a spread: a list's 65,536 members would be as many arguments.
  for (const l of own.lines) root.push(l);
  if (own.deeper) await w.run(under, root);
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
  const time = new Date(services.now()).toISOString();
  const walked = await withProgress(io, 'walked 0 nodes, 0 lines', (say) =>
    walkConfig(read, {
      under: o.under,
      members: o.members,
      signal,
      onRead: (nodes, lines) => say(`walked ${nodes} nodes, ${lines} lines`),
    }),
  );
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
}
