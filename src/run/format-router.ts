// Human text for router results: Message as sent (one trailing newline), ShowOutput as text
// or an aligned table, and `describe` as readable metadata. All server text is sanitized.
import type { Envelope, NodeInfo, OptionInfo } from '../api/router/types.js';
import { sanitizeLine, sanitizeText } from '../term/sanitize.js';
import { renderTable } from '../term/table.js';

const endWithNewline = (s: string) => (s === '' || s.endsWith('\n') ? s : `${s}\n`);

export function formatShow(env: Envelope, width: number): string {
  const info = env.nodeInfo;
  const out = info?.showOutput;
  let text = '';
  if (typeof out === 'string') text = endWithNewline(sanitizeText(out));
  else if (out)
    text = out.rows.length === 0 ? '(no rows)\n' : renderTable(out.columns, out.rows, { maxWidth: width });
  return text + sanitizeText(env.message);
}

export function formatMessage(env: Envelope): string {
  return sanitizeText(env.message);
}

const yes = (b: boolean) => (b ? 'yes' : 'no');

/** Rows and values `describe` lists: a server may send 150,000 sub-nodes; nobody reads past these. */
export const DESCRIBE_MAX_ROWS = 200;
const DESCRIBE_MAX_VALUES = 50;

const more = (n: number, hint: string) => `… and ${n.toLocaleString('en-US')} more${hint}`;

/** The first `max` values joined, and how many were left out. */
function someValues(values: readonly string[], max = DESCRIBE_MAX_VALUES): string {
  const shown = values.slice(0, max).join(', ');
  return values.length > max ? `${shown}, ${more(values.length - max, '')}` : shown;
}

/** A table of the first DESCRIBE_MAX_ROWS items, then one line for the rest. */
function boundedTable<T>(
  items: readonly T[],
  row: (item: T) => string[],
  columns: string[],
  o: { maxWidth: number; rightAlign?: boolean[] },
): string {
  const table = renderTable(columns, items.slice(0, DESCRIBE_MAX_ROWS).map(row), o);
  const rest = items.length - DESCRIBE_MAX_ROWS;
  return rest > 0 ? `${table}${more(rest, ' (use a narrower path)')}\n` : table;
}

function optionLine(o: OptionInfo): string[] {
  const value = o.inputRe || o.valueType ? (o.valueType ?? '<value>') : '(flag)';
  const where = [o.availableInSet && 'set', o.availableInUnSet && 'unset', o.availableInShow && 'show']
    .filter(Boolean)
    .join(',');
  const flags = [o.key ? 'key' : '', o.count > 1 ? `×${o.count}` : ''].filter(Boolean).join(' ');
  return [o.name, value, where, flags, o.description ?? ''].map(sanitizeLine);
}

function subNodeLine(n: NodeInfo): string[] {
  const name = n.type === 'Value' ? (n.help ?? n.name) : n.name;
  const configured =
    n.setValues.length > 0
      ? `configured: ${n.setValues.slice(0, 6).join(', ')}${n.setValues.length > 6 ? ', …' : ''}`
      : '';
  const what = [n.description ?? '', configured].filter(Boolean).join(' · ');
  return [name, n.type === 'Value' ? `${n.name} value` : 'word', what].map(sanitizeLine);
}

/** `describe WORD…`: the node's metadata, readable. */
export function formatDescribe(words: string[], info: NodeInfo, width: number): string {
  const title = words.length > 0 ? words.join(' ') : '(root)';
  const lines: string[] = [];
  lines.push(sanitizeLine(`${title} — ${info.type}${info.description ? `: ${info.description}` : ''}`));
  if (info.type === 'Value') {
    lines.push(
      sanitizeLine(`  value ${info.help ?? info.name}${info.inputRe ? `  matches /${info.inputRe}/` : ''}`),
    );
  }
  lines.push(`  set: ${yes(info.allowSet)} · unset: ${yes(info.allowUnSet)} · show: ${yes(info.allowShow)}`);
  if (info.setValues.length) lines.push(sanitizeLine(`  configured: ${someValues(info.setValues)}`));
  if (info.possibleValues.length)
    lines.push(sanitizeLine(`  possible values: ${someValues(info.possibleValues)}`));
  if (info.note) lines.push(sanitizeLine(`  note: ${info.note}`));
  let text = `${lines.join('\n')}\n`;
  if (info.subNodes.length) {
    text += '\nSub-nodes:\n';
    text += indent(
      boundedTable(info.subNodes, subNodeLine, ['name', 'kind', 'description'], { maxWidth: width - 2 }),
    );
  }
  if (info.possibleOptions.length) {
    text += '\nOptions:\n';
    text += indent(
      boundedTable(info.possibleOptions, optionLine, ['option', 'value', 'actions', '', 'description'], {
        maxWidth: width - 2,
        rightAlign: [false, false, false, false, false],
      }),
    );
  }
  return text;
}

const indent = (s: string) =>
  s
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
