// Lines resolved once for the many hosts of one fleet run (issue 39). A line's resolution is a
// pure function of the line, its context and the metadata the walk was given for each path it
// looked up; 1,000 hosts of one model answer those reads with the same bytes, which
// api/router/shared-answers.ts decodes into one frozen object for all. So the first host's
// resolution is kept with what its cache gave for each path; another host reads the same
// paths from its own cache (the same GETs reach it, all at once) and, when every answer is the
// very object kept, takes the kept resolution instead of walking the line again. An answer of
// its own (another model, a secret in it), a failed read, a line whose walk read nothing
// shared: the host resolves the line itself, with what it has read already (no GET twice),
// and its record replaces the one kept. What is kept is frozen, deeply: no host's reader
// changes what another host's sees.
import type { NodeInfo } from '../api/router/types.js';
import { pathKey } from './cache.js';
import type { AsyncCache, Resolution } from './types.js';

/** Each path the walk looked up, in order, and the node it ended with. */
interface Kept {
  paths: Array<{ words: readonly string[]; node: NodeInfo; fetched: boolean }>;
  resolution: Resolution;
}

/** Lines kept at once; past it the memo starts again (a script's lines, a few per host). */
const MAX_LINES = 256;

export class SharedResolutions {
  private readonly byLine = new Map<string, Kept>();

  /**
   * `resolve` run on `cache` (or on a recording view of it), or the kept resolution of the same
   * line in the same context when this host's metadata for it is the same.
   */
  async resolve(
    line: string,
    context: readonly string[],
    cache: AsyncCache,
    signal: AbortSignal,
    resolve: (cache: AsyncCache) => Promise<Resolution>,
  ): Promise<Resolution> {
    const key = `${context.join('\0')}\n${line}`;
    const kept = this.byLine.get(key);
    const failed = new Map<string, Promise<NodeInfo>>();
    if (kept && (await sameMetadata(kept, cache, signal, failed))) return kept.resolution;
    const record = new Recorder(cache, failed);
    const resolution = await resolve(record);
    const paths = record.paths();
    if (paths && (resolution.kind === 'router' || resolution.kind === 'error')) {
      if (this.byLine.size >= MAX_LINES) this.byLine.clear();
      this.byLine.set(key, { paths, resolution: deepFreeze(resolution) });
    }
    return resolution;
  }
}

/**
 * Whether this host's cache gives the kept node for every kept path: the paths the kept walk
 * fetched are fetched here too, all at once; a failed one is noted in `failed` so that the
 * walk after does not send it again.
 */
async function sameMetadata(
  kept: Kept,
  cache: AsyncCache,
  signal: AbortSignal,
  failed: Map<string, Promise<NodeInfo>>,
): Promise<boolean> {
  const gets = kept.paths.filter((p) => p.fetched && cache.peek(p.words) === undefined);
  const got = gets.map((p) => cache.get(p.words, signal));
  const settled = await Promise.allSettled(got);
  signal.throwIfAborted();
  let same = true;
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') return;
    failed.set(pathKey(gets[i]!.words), got[i]!);
    same = false;
  });
  if (!same) return false;
  for (const p of kept.paths) if (cache.peek(p.words) !== p.node) return false;
  // As the walk's lookups do on a hit: a stale node is read again in the background.
  for (const p of kept.paths) cache.prefetch?.(p.words);
  return true;
}

/**
 * The cache as the walk sees it, noting the node each path ended with. A read that failed
 * while this host's kept record was compared is answered with that failure, not sent again.
 */
class Recorder implements AsyncCache {
  private readonly seen = new Map<
    string,
    { words: readonly string[]; node: NodeInfo | undefined; fetched: boolean }
  >();
  private unkeepable = false;

  constructor(
    private readonly cache: AsyncCache,
    private readonly failed: ReadonlyMap<string, Promise<NodeInfo>>,
  ) {}

  peek(words: readonly string[]): NodeInfo | undefined {
    const node = this.cache.peek(words);
    const key = pathKey(words);
    const at = this.seen.get(key);
    if (at) at.node = node ?? at.node;
    else this.seen.set(key, { words: [...words], node, fetched: false });
    return node;
  }

  current(words: readonly string[]): NodeInfo | undefined {
    // Only the completion's walk reads past our own writes; a line's resolution does not.
    this.unkeepable = true;
    return this.cache.current ? this.cache.current(words) : this.cache.peek(words);
  }

  prefetch(words: readonly string[]): void {
    this.cache.prefetch?.(words);
  }

  get(words: readonly string[], signal?: AbortSignal, o?: { current?: boolean }): Promise<NodeInfo> {
    const key = pathKey(words);
    if (o?.current) this.unkeepable = true;
    const failed = this.failed.get(key);
    const got = failed ?? this.cache.get(words, signal, o);
    const at = this.seen.get(key) ?? { words: [...words], node: undefined, fetched: true };
    at.fetched = true;
    this.seen.set(key, at);
    got.then(
      (node) => {
        at.node = node;
      },
      () => {
        this.unkeepable = true;
      },
    );
    return got;
  }

  /** What was looked up, each path with its node; undefined when the record cannot be kept. */
  paths(): Kept['paths'] | undefined {
    if (this.unkeepable || this.failed.size > 0) return undefined;
    const out: Kept['paths'] = [];
    for (const p of this.seen.values()) {
      // Looked up before it was read and never read: the walk's last pass did not look it up
      // (a lookup without a node sends the walk to read it), so it did not decide the line.
      if (p.node === undefined && !p.fetched) continue;
      // Read but never answered (a read ahead still in flight): not comparable.
      if (p.node === undefined) return undefined;
      // Only what one decode shared between hosts can be the same object on another host.
      if (!Object.isFrozen(p.node)) return undefined;
      out.push({ words: p.words, node: p.node, fetched: p.fetched });
    }
    return out.length > 0 ? out : undefined;
  }
}

function deepFreeze<T>(v: T): T {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const x of Object.values(v as Record<string, unknown>)) deepFreeze(x);
  return v;
}
