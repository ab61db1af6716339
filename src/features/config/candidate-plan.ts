// The plan of a candidate's commit: each staged request, in the order staged, with its inverse
// from a before-read of its node made now (one GET per node touched), the `-`/`+` lines of what
// it changes, and the staged lines whose node someone else changed since they were staged (the
// read kept at staging, compared with this one). A node staged twice is predicted from the
// first line's effect, not read again. The inverse is the journal's (journal/diff.ts inverseOf)
// on the node's before and its predicted after.
import type { NodeInfo, RouterRequest } from '../../api/router/types.js';
import type { ConfigLine, StagedLine, TxStep } from '../../contract/config.js';
import type { Change, Setting, Snapshot } from '../../contract/journal.js';
import type { Services } from '../../contract/services.js';
import { asRoutershError, routerRefused } from '../../errors.js';
import { pathKey } from '../../lang/cache.js';
import { canonicalNet } from '../../lang/ip.js';
import { matchWord } from '../../lang/match.js';
import { diffSnapshots, inverseOf, isEntry, sameOptions } from '../changes/journal/diff.js';
import { entryKey } from '../changes/journal/projection.js';
import { subtreeOf } from '../changes/journal/snapshot.js';
import { settingsOf } from './candidate-stage.js';
import { lineText } from './line-text.js';
import { uncheckedSetting } from './unchecked-path.js';

export interface CandidatePlan {
  steps: TxStep[];
  /** The configured lines of the nodes that change, as read now (runTransaction's `before`). */
  before: ConfigLine[];
  /** `- old` / `+ new` lines, in the order of the steps. */
  diff: string[];
  /** Staged lines whose node changed on the router since they were staged (someone else). */
  drift: string[];
  /** Steps whose change cannot be reverted (a secret, a node that allows no DELETE): why. */
  unrevertable: string[];
  /** Staged lines the router shows done already: not sent. */
  unchanged: string[];
  /** What each step removes and adds, as settings (show configuration marks them). */
  effects: Array<{ removed: Setting[]; added: Setting[] }>;
}

export const emptyPlan = (): CandidatePlan => ({
  steps: [],
  before: [],
  diff: [],
  drift: [],
  unrevertable: [],
  unchanged: [],
  effects: [],
});

/** How many nodes are read at once. */
const READS_AT_ONCE = 8;

/** THE line text (line-text.ts), as show configuration and the saved files write lines. */
const text = (s: Setting) => lineText(s);

/** Option values as the metadata shows them (text). */
const optionText = (o: RouterRequest['options']): Record<string, string[]> =>
  Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k, v.map(String)]));

function keysOf(info: NodeInfo, r: RouterRequest): string[] {
  const keys = info.possibleOptions.filter((o) => o.key).map((o) => o.name);
  return (keys.length ? keys : Object.keys(r.options ?? {})).sort();
}

const without = <T>(list: readonly T[], i: number): T[] => list.filter((_, k) => k !== i);

/** The node as it will be after `r`, as far as the metadata lets it be predicted. */
export function predict(info: NodeInfo, r: RouterRequest): NodeInfo {
  const last = r.words.at(-1) ?? '';
  const remove = r.method === 'DELETE' || r.actions?.includes('UNSET') === true;
  const opts = optionText(r.options);
  const hasOpts = Object.keys(opts).length > 0;
  // A deleted node takes what lies under it along.
  const subNodes =
    r.method === 'DELETE'
      ? info.subNodes.map((c) => ({ ...c, setValues: [], setOptions: [] }))
      : info.subNodes;
  if (info.type === 'Value') {
    const i = info.setValues.findIndex((v) => canonicalNet(v) === canonicalNet(last));
    if (remove)
      return i < 0
        ? { ...info, subNodes }
        : {
            ...info,
            subNodes,
            setValues: without(info.setValues, i),
            setOptions: without(info.setOptions, i),
          };
    if (!info.multiValue) return { ...info, setValues: [last], setOptions: hasOpts ? [opts] : [] };
    if (i >= 0) {
      const setOptions = [...info.setOptions];
      setOptions[i] = { ...setOptions[i], ...opts };
      return { ...info, setOptions };
    }
    const setOptions = hasOpts || info.setOptions.length ? [...info.setOptions, opts] : [];
    return { ...info, setValues: [...info.setValues, last], setOptions };
  }
  if (!hasOpts)
    return remove
      ? { ...info, subNodes, setValues: [], setOptions: [] }
      : { ...info, setValues: [info.name] };
  const keys = keysOf(info, r);
  const key = entryKey(opts, keys);
  const i = info.setOptions.findIndex((o) => entryKey(o, keys) === key);
  if (remove)
    return i < 0
      ? info
      : { ...info, setValues: without(info.setValues, i), setOptions: without(info.setOptions, i) };
  if (i >= 0) {
    const setOptions = [...info.setOptions];
    setOptions[i] = { ...setOptions[i], ...opts };
    return { ...info, setOptions };
  }
  return { ...info, setOptions: [...info.setOptions, opts] };
}

/** One GET of each node the requests touch (READS_AT_ONCE at a time). */
async function readNodes(
  requests: readonly RouterRequest[],
  services: Services,
  signal: AbortSignal,
): Promise<Map<string, NodeInfo>> {
  const words = new Map<string, string[]>();
  for (const r of requests) words.set(pathKey(r.words), r.words);
  const todo = [...words.entries()];
  const out = new Map<string, NodeInfo>();
  const read = async (w: readonly string[]) => {
    const e = await services.router.send({ method: 'GET', words: [...w] }, { signal });
    if (!e.nodeInfo) throw asRoutershError(new Error(`${w.join(' ')}: the router sent no metadata`));
    return e.nodeInfo;
  };
  const worker = async () => {
    for (let next = todo.shift(); next; next = todo.shift()) {
      const [key, w] = next;
      out.set(key, await read(w).catch((e) => describedByParent(w, read, e)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, todo.length) }, worker));
  return out;
}

/**
 * A value a router describes only once it exists (`vlan 20` before a commit creates it): its Value
 * node as its parent lists it (the values set there, without the new one). Else the read's error.
 */
async function describedByParent(
  words: readonly string[],
  read: (w: readonly string[]) => Promise<NodeInfo>,
  error: unknown,
): Promise<NodeInfo> {
  const last = words.at(-1);
  // Only the router's own "no such node" (a 400, or 200 not OK), never a lost or slow answer.
  if (last === undefined || !routerRefused(error)) throw error;
  const parent = await read(words.slice(0, -1)).catch(() => undefined);
  const m = parent && matchWord(last, parent.subNodes, []);
  if (m?.kind !== 'value') throw error;
  return m.node;
}

const sameSettings = (a: readonly Setting[], b: readonly Setting[]): boolean => {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((s) => [s.id, s]));
  return a.every((s) => {
    const o = byId.get(s.id);
    return o !== undefined && sameOptions(o, s);
  });
};

const showAll = (list: readonly Setting[]) => (list.length ? list.map(text).join(', ') : 'nothing');

/** The diff lines of one step. */
function diffLines(before: Snapshot, after: Snapshot): string[] {
  const d = diffSnapshots(before, after);
  return [
    ...d.removed.map((s) => `- ${text(s)}`),
    ...d.changed.flatMap((c) => [`- ${text(c.before)}`, `+ ${text(c.after)}`]),
    ...d.added.map((s) => `+ ${text(s)}`),
  ];
}

const configLine = (s: Setting): ConfigLine => ({ ...s, secret: false, member: isEntry(s) });

/** The plan of `lines` (each with its request; the caller refuses the others first). */
export async function planCandidate(
  lines: readonly StagedLine[],
  services: Services,
  signal: AbortSignal,
): Promise<CandidatePlan> {
  const requests = lines.flatMap((l) => (l.request && !l.asTyped ? [l.request] : []));
  const live = await readNodes(requests, services, signal);
  // Each node as the steps before leave it, by slot: `mtu 9000` then `mtu 9100` are one Value
  // node read at two value paths, and the second is predicted from the first.
  const now = new Map<string, NodeInfo>();
  const plan = emptyPlan();
  const seenBefore = new Set<string>();
  for (const l of lines) {
    const r = l.request;
    if (!r) continue;
    if (l.asTyped) {
      typedStep(plan, l, r);
      continue;
    }
    const read = live.get(pathKey(r.words))!;
    const key = read.type === 'Value' ? `${pathKey(r.words.slice(0, -1))}\u0000<value>` : pathKey(r.words);
    const info = now.get(key) ?? read;
    const after = predict(info, r);
    now.set(key, after);
    const before = { settings: settingsOf(info, r) };
    const predicted = { settings: settingsOf(after, r) };
    if (!seenBefore.has(key)) {
      seenBefore.add(key);
      plan.before.push(...before.settings.map(configLine));
      if (l.seen && !sameSettings(l.seen, before.settings))
        plan.drift.push(
          `${l.line}: its node changed on the router since it was staged (was ${showAll(l.seen)}, now ${showAll(before.settings)})`,
        );
    }
    const subtree =
      r.method === 'DELETE'
        ? await subtreeOf(
            info,
            r.words,
            async (w) => (await services.router.send({ method: 'GET', words: w }, { signal })).nodeInfo,
          )
        : undefined;
    const change = asChange(l, before, predicted, subtree);
    const inv = inverseOf(change, text);
    // The router shows it done already (a value set again): nothing to send, nothing to revert.
    if (!l.secret && 'refused' in inv && inv.refused.startsWith('the metadata shows no change')) {
      plan.unchanged.push(l.line);
      continue;
    }
    if ('refused' in inv && !l.secret) plan.unrevertable.push(`${l.line}: ${inv.refused}`);
    else if (l.secret) plan.unrevertable.push(`${l.line}: it sets a secret, which is never kept`);
    // A deleted node takes what lies under it along: each of those lines is a `-` line too.
    const gone = diffLines(before, predicted);
    const lines = [...gone, ...(subtree ?? []).map((x) => `- ${text(x)}`).filter((x) => !gone.includes(x))];
    plan.diff.push(...(lines.length ? lines : [`+ ${l.line}`]));
    const d = diffSnapshots(before, predicted);
    plan.effects.push({
      removed: [...d.removed, ...d.changed.map((c) => c.before), ...(subtree ?? [])],
      added: [...d.changed.map((c) => c.after), ...d.added],
    });
    plan.steps.push({
      request: r,
      inverse: 'refused' in inv ? [] : inv.requests,
      text: lines.length ? lines.join(' · ') : `+ ${l.line}`,
      words: [...r.words],
    });
  }
  return plan;
}

/**
 * A line sent as typed (StagedLine.asTyped): its node is under one an earlier step creates, so it
 * is not read (it does not exist yet). Its inverse is its DELETE, as `config load` reverts such a
 * line (the revert then removes the node the earlier step made); a DELETE as typed removes what
 * the metadata cannot show, so nothing puts it back.
 */
function typedStep(plan: CandidatePlan, l: StagedLine, r: RouterRequest): void {
  const setting = uncheckedSetting(r.words);
  const removes = r.method === 'DELETE';
  const text = `${removes ? '-' : '+'} ${l.line}`;
  plan.diff.push(text);
  plan.effects.push(removes ? { removed: [setting], added: [] } : { removed: [], added: [setting] });
  if (removes) plan.unrevertable.push(`${l.line}: what it removes cannot be read before it is sent`);
  const inverse: RouterRequest[] = removes ? [] : [{ method: 'DELETE', words: [...r.words] }];
  plan.steps.push({ request: r, inverse, text, words: [...r.words] });
}

/** A staged line as the journal's inverse reads a change: its node before and (predicted) after. */
function asChange(l: StagedLine, before: Snapshot, after: Snapshot, subtree: Setting[] | undefined): Change {
  return {
    id: 'candidate',
    seq: 0,
    session: '',
    router: '',
    at: l.at,
    line: l.line,
    requests: l.request ? [l.request] : [],
    words: l.request?.words ?? [],
    before,
    after,
    ...(subtree ? { subtree } : {}),
    status: 'done',
  };
}
