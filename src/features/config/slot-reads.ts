// The live lines a merge needs, without walking the tree: a merge only adds and changes, so it
// compares each file line with the live lines of its own slot (the same line, or the value a
// single-value slot holds now), and the parent's answer lists that slot (SubNodes carry their
// SetValues and SetOptions). One fresh GET per distinct parent, 16 at a time: loading 10,000
// `interface ethN mtu 9000` lines into a router of 10,000 interfaces reads 10,000 small `mtu`
// nodes, not every interface with everything under it. A line whose file form adds an option
// to a live value is the exception: undoing it removes the value, so its sub-tree is walked
// too (the revert re-creates it).
import type { NodeInfo } from '../../api/router/types.js';
import type { ConfigLine } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import { commandFailedError, protocolError, routerRefused } from '../../errors.js';
import { slotLines } from '../../lang/slot-settings.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { holdsRedacted } from './file-lines.js';
import { isTokenLine, lineKey } from './line-key.js';
import { isMemberSlot, readConfig, WALK_CONCURRENCY } from './walk.js';

const SEP = '\u001f';

/** The child of `parent` that holds line `l`'s slot. */
function slotNode(parent: NodeInfo, l: ConfigLine): NodeInfo | undefined {
  const last = l.slot.split(SEP).at(-1) ?? '';
  return parent.subNodes.find((c) =>
    c.type === 'Token' ? isTokenLine(l) && c.name === last : !isTokenLine(l) && `<${c.name}>` === last,
  );
}

/** `words` lies at or under a line of the file: the file creates it (it may not exist yet). */
const createdByFile = (words: readonly string[], target: readonly ConfigLine[]) =>
  target.some((t) => t.path.length <= words.length && t.path.every((w, i) => words[i] === w));

/**
 * A fresh read of a parent; undefined when the router says it is not there and the file creates
 * it (`interface eth9 mtu 9000` after `interface eth9`): nothing of it is live.
 */
async function readParent(
  env: HandlerEnv,
  words: string[],
  target: readonly ConfigLine[],
): Promise<NodeInfo | undefined> {
  const what = () => sanitizeLine(words.join(' ') || 'the top level');
  try {
    const answer = await env.services.router.send({ method: 'GET', words }, { signal: env.signal });
    if (answer.ok && answer.nodeInfo) return answer.nodeInfo;
    if (answer.ok) throw protocolError('the router answered a GET without NodeInfo');
    if (createdByFile(words, target)) return undefined;
    throw commandFailedError(`cannot read ${what()}: ${answer.errorStatus ?? answer.requestStatus}`);
  } catch (e) {
    if (routerRefused(e) && createdByFile(words, target)) return undefined;
    throw e;
  }
}

/** Runs `work` over `items`, `n` at a time, in order of start; the first failure fails it. */
async function pool<T>(items: readonly T[], n: number, work: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  const one = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, one));
}

export async function slotLive(
  env: HandlerEnv,
  target: readonly ConfigLine[],
  members: boolean,
  onRead?: (done: number, of: number) => void,
): Promise<ConfigLine[]> {
  const { signal } = env;
  // Each parent once, with the lines whose slots it lists.
  const parents = new Map<string, { words: string[]; lines: ConfigLine[] }>();
  for (const l of target) {
    const words = l.path.slice(0, -1);
    const k = words.join('\u0000');
    const p = parents.get(k);
    if (p) p.lines.push(l);
    else parents.set(k, { words, lines: [l] });
  }
  const bySlot = new Map<string, ConfigLine[]>();
  let done = 0;
  await pool([...parents.values()], WALK_CONCURRENCY, async ({ words, lines }) => {
    signal.throwIfAborted();
    const info = await readParent(env, words, target);
    onRead?.(++done, parents.size);
    if (!info) return;
    for (const l of lines) {
      if (bySlot.has(l.slot)) continue;
      const node = slotNode(info, l);
      const member = node ? isMemberSlot(node, words) : false;
      bySlot.set(l.slot, node && (members || !member) ? slotLines(node, words, l.path, member) : []);
    }
  });
  const live = [...bySlot.values()].flat();
  return [...live, ...(await subtreesOfAddedOptions(env, target, live, members))];
}

/** The sub-trees of live values a file line adds an option to (their revert re-creates them). */
async function subtreesOfAddedOptions(
  env: HandlerEnv,
  target: readonly ConfigLine[],
  live: readonly ConfigLine[],
  members: boolean,
): Promise<ConfigLine[]> {
  const byKey = new Map(live.map((l) => [lineKey(l), l]));
  const seen = new Set(byKey.keys());
  const out: ConfigLine[] = [];
  for (const t of target) {
    const old = byKey.get(lineKey(t));
    // A secret line is never sent (and its path is not read below: it would carry the secret).
    if (!old || holdsRedacted(t) || holdsRedacted(old) || isTokenLine(old)) continue;
    if (!Object.keys(t.options).some((k) => old.options[k] === undefined)) continue;
    for (const l of (await readConfig(env, { under: old.path, members })).lines) {
      if (seen.has(lineKey(l))) continue;
      seen.add(lineKey(l));
      out.push(l);
    }
  }
  return out;
}
