// Builds the wire NodeInfo of a node definition in a request context.
import type { Flag, WireNodeInfo, WireOptionInfo } from '../../src/api/router/wire.js';
import type { Ctx, NodeDef, OptionDef } from './tree/types.js';

const f = (b: boolean | undefined): Flag => (b ? 1 : 0);

type Kind = 'set' | 'unset' | 'show';
const subtreeCache = new WeakMap<NodeDef, Record<Kind, boolean>>();

/** Whether any descendant (not the node itself) handles SET/UNSET/SHOW; static, so memoised. */
function subtree(def: NodeDef): Record<Kind, boolean> {
  const hit = subtreeCache.get(def);
  if (hit) return hit;
  const out = { set: false, unset: false, show: false };
  for (const child of def.children ?? []) {
    const deeper = subtree(child);
    for (const k of ['set', 'unset', 'show'] as const) out[k] ||= Boolean(child[k]) || deeper[k];
  }
  subtreeCache.set(def, out);
  return out;
}

export function optionInfo(o: OptionDef): WireOptionInfo {
  return {
    ...(o.inputRe !== undefined ? { InputRe: o.inputRe, ValueType: o.valueType ?? '%STR' } : {}),
    Count: o.count ?? 1,
    Description: o.description,
    AvailableInSet: f(o.inSet),
    AvailableInUnSet: f(o.inUnSet),
    AvailableInShow: f(o.inShow),
    Key: f(o.key),
  };
}

/** NodeInfo of `def`; its SubNodes go one level deep (their own SubNodes are []). */
export function buildNodeInfo(def: NodeDef, ctx: Ctx, withChildren = true): WireNodeInfo {
  const sv = def.setValues?.(ctx) ?? null;
  const pv = def.possibleValues?.(ctx) ?? [];
  const sub = subtree(def);
  const children = def.children ?? [];
  const possibleOptions: Record<string, WireOptionInfo> = {};
  for (const [name, o] of Object.entries(def.options ?? {})) possibleOptions[name] = optionInfo(o);
  return {
    Name: def.word,
    Type: def.type,
    Description: def.description,
    Help: def.help ?? '',
    InputRe: def.inputRe ?? '',
    AllowSet: f(def.set !== undefined),
    AllowUnSet: f(def.unset !== undefined),
    AllowShow: f(def.show !== undefined),
    HasSetSubnodes: f(sub.set),
    HasUnSetSubnodes: f(sub.unset),
    HasShowSubnodes: f(sub.show),
    HasSubnodes: f(children.length > 0),
    SetValues: sv?.values.length ? sv.values : null,
    SetOptions: sv?.options ?? [],
    PossibleValues: pv.length ? pv : null,
    PossibleOptions: possibleOptions,
    MultiValue: f(def.multiValue),
    SubNodes: withChildren ? children.map((c) => buildNodeInfo(c, ctx, false)) : [],
  };
}
