// Built-in commands described in the same NodeInfo shape as router nodes, so resolution,
// completion and `?` treat them alike. At the first word of a line built-ins (and the verbs
// no/show/describe) win over router words of the same name: a router word that clashes is
// reachable after a verb, e.g. `show history` or `describe help`.
import type { NodeInfo, OptionInfo } from '../api/router/types.js';
import { emptyNode } from './empty-node.js';

const builtinNodes = new WeakSet<NodeInfo>();
const slots = new WeakMap<NodeInfo, string>();
const pathTaking = new WeakSet<NodeInfo>();
const verbs = new WeakSet<NodeInfo>();

export const isBuiltinNode = (n: NodeInfo): boolean => builtinNodes.has(n);
export const isVerbNode = (n: NodeInfo): boolean => verbs.has(n);
/** Built-ins whose words are router paths (help, edit, refresh). */
export const takesRouterPath = (n: NodeInfo): boolean => pathTaking.has(n);
/** The id of a built-in value slot, for the telemetry layer's ValueCompleter. */
export const slotIdOf = (n: NodeInfo): string | undefined => slots.get(n);

export const DURATION_RE = '\\d+[smhdw]';
export const TIME_RE =
  'now|now-\\d+[smhdw]|\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:[Zz]|[+-]\\d{2}:\\d{2})';
const ANY_RE = '[\\s\\S]+';

/** Option value slots that the telemetry layer may complete dynamically. */
export const OPTION_SLOTS: Readonly<Record<string, string>> = { match: 'metrics.selector', by: 'logs.field' };

function opt(name: string, description: string, re?: string, valueType?: string): OptionInfo {
  const o: OptionInfo = {
    name,
    count: 1,
    description,
    availableInSet: true,
    availableInUnSet: false,
    availableInShow: false,
    key: false,
  };
  if (re !== undefined) o.inputRe = re;
  if (valueType !== undefined) o.valueType = valueType;
  return o;
}

const since = opt('since', 'how far back, e.g. 15m, 6h, 7d', DURATION_RE, 'DURATION');
const at = opt('at', 'evaluation time: RFC 3339, now, now-1h', TIME_RE, 'TIME');
const from = opt('from', 'start time: RFC 3339, now, now-1h', TIME_RE, 'TIME');
const to = opt('to', 'end time: RFC 3339, now, now-1h', TIME_RE, 'TIME');
const step = opt('step', 'resolution in seconds', '\\d+', 'SECONDS');
const limit = opt('limit', 'at most this many records', '\\d+', 'N');
const match = opt('match', 'series selector, e.g. {job="router"}', ANY_RE, 'SELECTOR');
const by = opt('by', 'split the counts by this field', ANY_RE, 'FIELD');
const all = opt('all', 'follow next_offset to the end');

interface Spec {
  name: string;
  type?: 'Token' | 'Value';
  description?: string;
  help?: string;
  inputRe?: string;
  runnable?: boolean;
  options?: OptionInfo[];
  children?: NodeInfo[];
}

function node(s: Spec): NodeInfo {
  const children = s.children ?? [];
  const runnable = s.runnable ?? false;
  const n: NodeInfo = {
    ...emptyNode(s.name, s.type ?? 'Token'),
    allowSet: runnable,
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

function slot(id: string, help: string, description: string, options: OptionInfo[]): NodeInfo {
  const n = node({
    name: `%${id.split('.')[1]!.toUpperCase()}`,
    type: 'Value',
    help,
    description,
    inputRe: ANY_RE,
    runnable: true,
    options,
  });
  slots.set(n, id);
  return n;
}

function cmd(
  name: string,
  description: string,
  children: NodeInfo[] = [],
  options: OptionInfo[] = [],
): NodeInfo {
  return node({ name, description, children, options, runnable: children.length === 0 });
}

function pathCmd(name: string, description: string, runnable: boolean): NodeInfo {
  const n = node({ name, description, runnable });
  n.hasSetSubnodes = true;
  n.hasSubnodes = true;
  pathTaking.add(n);
  return n;
}

function verb(name: string, description: string): NodeInfo {
  const n = node({ name, description });
  n.hasSetSubnodes = true;
  n.hasSubnodes = true;
  verbs.add(n);
  return n;
}

const metrics = cmd('metrics', 'query metrics', [
  cmd('query', 'instant query: a table of labels and value', [
    slot('metrics.expr', '<expr>', 'a query expression', [at]),
  ]),
  cmd('range', 'range query: a chart and a summary', [
    slot('metrics.expr', '<expr>', 'a query expression', [since, from, to, step]),
  ]),
  cmd('names', 'metric names', [], [match]),
  cmd('labels', 'label names', [], [match]),
  cmd('label-values', 'values of one label', [slot('metrics.label', '<label>', 'a label name', [match])]),
]);

const logs = cmd('logs', 'search logs', [
  cmd('search', 'log records', [slot('logs.query', '<query>', 'a log query', [since, limit, all])]),
  cmd('histogram', 'counts over time', [slot('logs.query', '<query>', 'a log query', [since, step, by])]),
  cmd('fields', 'log field names'),
  cmd('field-values', 'values of one field', [slot('logs.field', '<field>', 'a field name', [])]),
  cmd('facets', 'field value counts'),
]);

/** Verbs first, then commands; the order completion lists them in. */
export const BUILTINS: readonly NodeInfo[] = [
  verb('no', 'delete or unset'),
  verb('show', 'show state'),
  verb('describe', "show a node's metadata"),
  pathCmd('help', 'help on the language, or on a command', true),
  cmd('exit', 'leave the shell'),
  cmd('quit', 'leave the shell'),
  cmd('history', 'show the command history'),
  pathCmd('edit', 'enter a context: later lines are relative to it', false),
  cmd('up', 'leave one level of the context'),
  cmd('top', 'leave the context'),
  pathCmd('refresh', 'forget cached metadata (all, or under WORD…)', true),
  metrics,
  logs,
];

const byName = new Map(BUILTINS.map((n) => [n.name, n]));
export const builtinByName = (name: string): NodeInfo | undefined => byName.get(name);

/** Checks a built-in's options beyond what its grammar can say; returns a message when wrong. */
export function checkBuiltin(name: string, options: Record<string, string[]>): string | undefined {
  if (name === 'metrics range') {
    if (options['since'] && (options['from'] || options['to']))
      return "use either 'since' or 'from … to', not both";
    if (!options['from'] !== !options['to']) return "'from' and 'to' go together";
  }
  return undefined;
}
