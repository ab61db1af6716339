// Built-in commands described in the same NodeInfo shape as router nodes, so resolution,
// completion and `?` treat them alike; built from THE table in grammar.ts. At the first word
// of a line built-ins (and the verbs no/show/describe) win over router words of the same
// name: a router word that clashes is reachable after a verb, e.g. `show history`.
import type { NodeInfo, OptionInfo } from '../api/router/types.js';
import { emptyNode } from './empty-node.js';
import {
  type ArgSpec,
  BUILTIN_NAMES,
  BUILTIN_TABLE,
  type BuiltinName,
  type BuiltinSpec,
  GROUPS,
  isBuiltinName,
  OPTIONS,
  type OptionName,
  type OptionSpec,
  VERBS,
} from './grammar.js';
import type { ValueCheck } from './time.js';

const builtinNodes = new WeakSet<NodeInfo>();
const slots = new WeakMap<NodeInfo, string>();
const valuesAt = new WeakMap<NodeInfo, readonly string[]>();
const pathTaking = new WeakSet<NodeInfo>();
const verbs = new WeakSet<NodeInfo>();
const names = new WeakMap<NodeInfo, BuiltinName>();
/** The help topic a built-in's own word names: `metrics range`, `metrics`, `show`, `help`. */
const topics = new WeakMap<NodeInfo, string>();
const checks = new WeakMap<OptionInfo, ValueCheck>();

export const isBuiltinNode = (n: NodeInfo): boolean => builtinNodes.has(n);
export const isVerbNode = (n: NodeInfo): boolean => verbs.has(n);
/** Built-ins whose words are router paths (help, edit, refresh). */
export const takesRouterPath = (n: NodeInfo): boolean => pathTaking.has(n);
/** The id of a built-in value slot, for the telemetry layer's ValueCompleter. */
export const slotIdOf = (n: NodeInfo): string | undefined => slots.get(n);
/** The router path whose Value child's SetValues complete a built-in's slot (grammar.ts `valuesAt`). */
export const valuesAtOf = (n: NodeInfo): readonly string[] | undefined => valuesAt.get(n);
/** The built-in a node runs, when the line may end at it. */
export const builtinNameOf = (n: NodeInfo): BuiltinName | undefined => names.get(n);
/** The help topic of a built-in's word (a command, a group or a verb), for the `?` hint. */
export const helpTopicOf = (n: NodeInfo): string | undefined => topics.get(n);
/** A built-in option's value check (from time.ts); router options have none. */
export const valueCheckOf = (o: OptionInfo): ValueCheck | undefined => checks.get(o);

/** Option value slots that the telemetry layer may complete dynamically. */
export const OPTION_SLOTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(OPTIONS as Record<string, OptionSpec>).flatMap(([k, o]) => (o.slot ? [[k, o.slot]] : [])),
);

function optionInfo(name: string, spec: OptionSpec): OptionInfo {
  const o: OptionInfo = {
    name,
    count: 1,
    description: spec.description,
    availableInSet: true,
    availableInUnSet: false,
    availableInShow: false,
    key: false,
  };
  if (spec.valueType !== undefined) o.valueType = spec.valueType;
  if (spec.check) checks.set(o, spec.check);
  return o;
}

const optionInfos = new Map(
  Object.entries(OPTIONS as Record<string, OptionSpec>).map(([k, o]) => [k, optionInfo(k, o)]),
);
/** The options of a built-in; one whose table entry words an option its own way gets a copy. */
const optionsOf = (ns: readonly OptionName[] = [], own: Partial<Record<OptionName, string>> = {}) =>
  ns.map((n) => {
    const o = optionInfos.get(n)!;
    const description = own[n];
    if (description === undefined) return o;
    const copy = { ...o, description };
    const check = checks.get(o);
    if (check) checks.set(copy, check);
    return copy;
  });

interface NodeSpec {
  name: string;
  type?: 'Token' | 'Value';
  description?: string;
  help?: string;
  inputRe?: string;
  runnable?: boolean;
  options?: OptionInfo[];
  children?: NodeInfo[];
}

function node(s: NodeSpec): NodeInfo {
  const children = s.children ?? [];
  const n: NodeInfo = {
    ...emptyNode(s.name, s.type ?? 'Token'),
    allowSet: s.runnable ?? false,
    hasSetSubnodes: children.length > 0,
    hasSubnodes: children.length > 0,
    possibleOptions: s.options ?? [],
    subNodes: children,
  };
  if (s.description !== undefined) n.description = s.description;
  if (s.help !== undefined) n.help = s.help;
  if (s.inputRe !== undefined) n.inputRe = s.inputRe;
  builtinNodes.add(n);
  return n;
}

function argSlot(a: ArgSpec, options: OptionInfo[]): NodeInfo {
  const name = `%${a.slot.split('.')[1]!.toUpperCase()}`;
  const n = node({ name, type: 'Value', help: a.help, description: a.description, inputRe: '[\\s\\S]+' });
  n.allowSet = true;
  n.possibleOptions = options;
  if (a.rest) {
    // Each further word fills the same slot again: the handler parses the words itself.
    n.subNodes = [n];
    n.hasSetSubnodes = true;
    n.hasSubnodes = true;
  }
  slots.set(n, a.slot);
  if (a.valuesAt) valuesAt.set(n, a.valuesAt);
  return n;
}

/** The node a built-in's line ends at (its arg slot, or its own word), named for the runner. */
function command(word: string, name: BuiltinName, spec: BuiltinSpec): NodeInfo {
  const options = optionsOf(spec.options, spec.optionHelp);
  if (spec.arg) {
    const slot = argSlot(spec.arg, options);
    names.set(slot, name);
    // An optional argument: the command's own word runs it too.
    const alone = spec.arg.optional === true;
    const n = node({ name: word, description: spec.description, children: [slot], runnable: alone });
    topics.set(n, name);
    if (alone) names.set(n, name);
    return n;
  }
  const n = node({ name: word, description: spec.description, runnable: true, options });
  topics.set(n, name);
  if (spec.path) {
    n.allowSet = spec.path === 'optional';
    n.hasSetSubnodes = true;
    n.hasSubnodes = true;
    pathTaking.add(n);
  }
  names.set(n, name);
  return n;
}

function verb(name: string, description: string): NodeInfo {
  const n = node({ name, description });
  n.hasSetSubnodes = true;
  n.hasSubnodes = true;
  verbs.add(n);
  topics.set(n, name);
  return n;
}

function buildBuiltins(): NodeInfo[] {
  const out: NodeInfo[] = Object.entries(VERBS).map(([n, d]) => verb(n, d));
  const groups = new Map<string, NodeInfo>();
  for (const name of BUILTIN_NAMES) {
    const spec: BuiltinSpec = BUILTIN_TABLE[name];
    const [first, sub] = name.split(' ') as [string, string | undefined];
    if (sub === undefined) {
      out.push(command(first, name, spec));
      continue;
    }
    let group = groups.get(first);
    if (!group) {
      group = node({ name: first, description: GROUPS[first] ?? first });
      topics.set(group, first);
      groups.set(first, group);
      out.push(group);
    }
    group.subNodes.push(command(sub, name, spec));
    group.hasSetSubnodes = true;
    group.hasSubnodes = true;
  }
  return out;
}

/** Verbs first, then commands; the order completion lists them in. */
export const BUILTINS: readonly NodeInfo[] = buildBuiltins();

/**
 * The words after `show configuration` (walk.ts: the line runs `config show …`): a slot of
 * the `config` built-in's own, so the hint says what they are.
 */
export const SHOW_CONFIGURATION_SLOT: NodeInfo = (() => {
  const n = argSlot(
    {
      slot: 'config.show',
      help: '[WORD…] [members] [--json]',
      description: 'the words of a subtree, members, --json',
      rest: true,
    },
    [],
  );
  names.set(n, 'config');
  return n;
})();

const byName = new Map(BUILTINS.map((n) => [n.name, n]));
export const builtinByName = (name: string): NodeInfo | undefined => byName.get(name);

/** Checks a built-in's options beyond what each value says; returns a message when wrong. */
export function checkBuiltin(name: string, options: Record<string, string[]>): string | undefined {
  if (!isBuiltinName(name)) return undefined;
  const spec: BuiltinSpec = BUILTIN_TABLE[name];
  return spec.check?.(options);
}
