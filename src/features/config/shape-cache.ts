// The metadata a file's lines are resolved against, read once per shape of path. A node's
// metadata describes its kind, not its value: `interface eth7`'s sub-nodes, options and flags
// are `interface eth0`'s, only their SetValues differ (what is configured there, which a file's
// check does not use). So a path whose value words match the same Value nodes as a path read
// before (`interface <%IF> mtu`) is answered with that read: 10,000 interfaces' lines cost a
// GET per shape, not per line. A path no sibling was read for is read itself (fresh, through
// `base`); a failed read is kept for that exact path (not its shape: another value may exist),
// so a failing node costs one GET, not one per line.
import type { NodeInfo } from '../../api/router/types.js';
import { pathKey } from '../../lang/cache.js';
import { matchWord } from '../../lang/match.js';
import type { AsyncCache } from '../../lang/types.js';

export class ShapeCache implements AsyncCache {
  private readonly byShape = new Map<string, NodeInfo>();
  /** Each read by its own path (also when its shape is unknown: a parent could not be read). */
  private readonly exact = new Map<string, NodeInfo>();
  private readonly failed = new Map<string, unknown>();
  private readonly flights = new Map<string, Promise<NodeInfo>>();
  /** Paths whose read failed (the router could not describe them): the dry-run rules apply under them. */
  readonly unreadable = new Set<string>();
  /** GETs this cache asked the session's cache for (a test counts them). */
  reads = 0;

  constructor(
    private readonly base: { get(words: readonly string[], signal?: AbortSignal): Promise<NodeInfo> },
  ) {}

  /** The shape of `words` (value words as their Value node), or undefined while a parent is unread. */
  private shapeOf(words: readonly string[]): string | undefined {
    const parts: string[] = [];
    for (const w of words) {
      const node = this.byShape.get(JSON.stringify(parts));
      if (!node) return undefined;
      const m = matchWord(w, node.subNodes, []);
      parts.push(m.kind === 'token' ? `T${m.node.name}` : m.kind === 'value' ? `V${m.node.name}` : `W${w}`);
    }
    return JSON.stringify(parts);
  }

  /** Whether the node at `words` was read there, not answered by a sibling of its shape. */
  readOwn(words: readonly string[]): boolean {
    return this.exact.has(pathKey(words));
  }

  peek(words: readonly string[]): NodeInfo | undefined {
    const own = this.exact.get(pathKey(words));
    if (own) return own;
    const shape = this.shapeOf(words);
    return shape === undefined ? undefined : this.byShape.get(shape);
  }

  get(words: readonly string[], signal?: AbortSignal): Promise<NodeInfo> {
    const hit = this.peek(words);
    if (hit) return Promise.resolve(hit);
    const key = pathKey(words);
    if (this.failed.has(key)) return Promise.reject(this.failed.get(key));
    let flight = this.flights.get(key);
    if (!flight) {
      flight = this.read([...words], key, signal);
      this.flights.set(key, flight);
      void flight.then(
        () => this.flights.delete(key),
        () => this.flights.delete(key),
      );
    }
    return flight;
  }

  private async read(words: string[], key: string, signal?: AbortSignal): Promise<NodeInfo> {
    // The parent first: the shape of a path is known only through it.
    if (words.length > 0) await this.get(words.slice(0, -1), signal).catch(() => undefined);
    const known = this.peek(words);
    if (known) return known;
    this.reads++;
    try {
      const node = await this.base.get(words, signal);
      const shape = this.shapeOf(words);
      if (shape !== undefined && !this.byShape.has(shape)) this.byShape.set(shape, node);
      this.exact.set(key, node);
      return node;
    } catch (e) {
      if (!signal?.aborted) {
        this.failed.set(key, e);
        this.unreadable.add(key);
      }
      throw e;
    }
  }
}
