// What a node's metadata says is configured: the node's own slot (a Value node's SetValues are
// its siblings' values; a Token's SetValues are its entries), one setting per value or entry.
// Pure. Shared by the change journal (features/changes/journal/snapshot.ts: secrets dropped,
// never stored) and the whole configuration's walk (features/config/walk.ts: secrets kept as
// `***`, marked), so both read a slot the same way; it lives here because neither feature may
// import the other.
import type { NodeInfo } from '../api/router/types.js';
import { isSecretSlot, REDACTED } from './secret-rule.js';

const SEP = '\u001f';

/** A configured value or entry (contract/journal.ts `Setting` has exactly this shape). */
export interface SlotSetting {
  path: string[];
  options: Record<string, string[]>;
  id: string;
  slot: string;
  multi: boolean;
  settable: boolean;
  unsettable: boolean;
  unsetOptions?: string[];
  setOptions: string[];
  numeric?: string[];
}

/** A setting as the whole configuration keeps it: secrets as `***` and marked, members marked. */
export interface SlotLine extends SlotSetting {
  secret: boolean;
  member: boolean;
}

/** What every entry of one slot shares (computed once per node, not per entry). */
interface Shape {
  slot: string;
  setOptions: string[];
  unsetOptions: string[];
  numeric: string[];
  /** A Value node in a secret slot (a value after `password`, `community`). */
  secretValue: boolean;
  /** Option names whose values are secrets. */
  secretOptions: ReadonlySet<string> | undefined;
  /** PossibleOptions order (the line's order); options the router shows beyond them follow. */
  order: string[];
}

function shapeOf(node: NodeInfo, parent: readonly string[]): Shape {
  const secrets = node.possibleOptions.filter((o) => isSecretSlot(o.name, o)).map((o) => o.name);
  return {
    slot: [...parent, node.type === 'Value' ? `<${node.name}>` : node.name].join(SEP),
    setOptions: node.possibleOptions.filter((o) => o.availableInSet).map((o) => o.name),
    unsetOptions: node.possibleOptions.filter((o) => o.availableInUnSet).map((o) => o.name),
    numeric: node.possibleOptions.filter((o) => o.valueType === '%NUM').map((o) => o.name),
    secretValue: node.type === 'Value' && isSecretSlot(parent[parent.length - 1] ?? '', node),
    secretOptions: secrets.length ? new Set(secrets) : undefined,
    order: node.possibleOptions.map((o) => o.name),
  };
}

/** An option the metadata does not list is judged by its name alone (the safe failure). */
const secretOption = (shape: Shape, name: string) =>
  shape.secretOptions?.has(name) === true || (!shape.order.includes(name) && isSecretSlot(name));

/**
 * Entry `i`'s options: `keep` false drops secret options (the journal), true keeps them as
 * `***` in PossibleOptions order (the configuration's line order).
 */
function optionsOf(
  raw: Record<string, string[]>,
  shape: Shape,
  keep: boolean,
): { options: Record<string, string[]>; secret: boolean } {
  const options: Record<string, string[]> = {};
  let secret = false;
  const take = (k: string, v: readonly string[]) => {
    if (!secretOption(shape, k)) options[k] = [...v];
    else if (keep) {
      options[k] = v.map(() => REDACTED);
      secret = true;
    }
  };
  if (!keep) {
    for (const k of Object.keys(raw)) take(k, raw[k]!);
    return { options, secret };
  }
  for (const k of shape.order) if (Object.hasOwn(raw, k)) take(k, raw[k]!);
  for (const k of Object.keys(raw)) if (!shape.order.includes(k)) take(k, raw[k]!);
  return { options, secret };
}

function settingAt(
  node: NodeInfo,
  shape: Shape,
  parent: readonly string[],
  tokenPath: readonly string[] | undefined,
  i: number,
  keep: boolean,
): { setting: SlotSetting; secret: boolean } | undefined {
  const value = node.setValues[i];
  if (node.type === 'Value' && value === undefined) return undefined;
  const { options, secret: secretOpt } = optionsOf(node.setOptions[i] ?? {}, shape, keep);
  const shown = shape.secretValue ? REDACTED : value;
  const path = node.type === 'Value' ? [...parent, shown as string] : [...(tokenPath ?? parent)];
  const ident = shown ?? JSON.stringify(options);
  const setting: SlotSetting = {
    path,
    options,
    id: `${shape.slot}${SEP}${ident}`,
    slot: shape.slot,
    multi: node.type === 'Token' || node.multiValue,
    settable: node.allowSet,
    unsettable: node.allowUnSet,
    setOptions: shape.setOptions,
    ...(shape.numeric.length ? { numeric: shape.numeric } : {}),
    ...(node.type === 'Token' && Object.keys(options).length ? { unsetOptions: shape.unsetOptions } : {}),
  };
  return { setting, secret: shape.secretValue || secretOpt };
}

/**
 * The slot's settings as the journal keeps them: a secret slot (a value after `password`) gives
 * none, a secret option is left out — never stored, even if a router shows it.
 */
export function slotSettings(
  node: NodeInfo,
  parent: string[],
  tokenPath: string[] | undefined,
  /** Only these entries (indexes into SetValues/SetOptions, ascending); all when absent. */
  only?: readonly number[],
): SlotSetting[] {
  const shape = shapeOf(node, parent);
  if (shape.secretValue) return [];
  const n = Math.max(node.setValues.length, node.setOptions.length);
  const out: SlotSetting[] = [];
  for (const i of only ?? Array.from({ length: n }, (_, k) => k)) {
    if (i >= n) continue;
    const got = settingAt(node, shape, parent, tokenPath, i, false);
    if (got) out.push(got.setting);
  }
  return out;
}

/**
 * The slot's lines as the whole configuration shows them: every value and entry, a secret as
 * `***` (the line marked `secret`), options in PossibleOptions order; `member` marks them all.
 */
export function slotLines(
  node: NodeInfo,
  parent: readonly string[],
  tokenPath: readonly string[] | undefined,
  member: boolean,
): SlotLine[] {
  const shape = shapeOf(node, parent);
  const n = Math.max(node.setValues.length, node.setOptions.length);
  const out: SlotLine[] = [];
  for (let i = 0; i < n; i++) {
    const got = settingAt(node, shape, parent, tokenPath, i, true);
    if (got) out.push(Object.assign(got.setting, { secret: got.secret, member }));
  }
  return out;
}
