// Where the cursor is inside a half-typed MetricsQL expression or LogsQL query, so the
// telemetry completer knows what to offer: metric names, label names, label values, log
// fields or field values. Pure and forgiving: it reads a prefix, never a whole program.
import { lex } from './expr-lex.js';

export type ExprSlot =
  | { kind: 'metric'; prefix: string; before: string }
  | { kind: 'label'; metric: string; prefix: string; before: string }
  | { kind: 'label-value'; metric: string; label: string; prefix: string; before: string; quote: string }
  | { kind: 'none' };

const IDENT_TAIL = /[A-Za-z_:][\w:]*$/;
/** A metric name before its selector, with MetricsQL's escapes (`foo\-bar{`). */
const NAME_TAIL = /(?:[A-Za-z_:]|\\[\s\S])(?:[\w:]|\\[\s\S])*$/;

export function metricsSlot(text: string): ExprSlot {
  // THE lexer says which bracket is open (an escaped `\{` or a `{` in a string is none).
  const inner = lex(text, 0, 'metricsql').openBrackets.at(-1);
  // Inside the last unclosed `{ … }`?
  if (inner?.c === '{') {
    const open = inner.at;
    const metric = NAME_TAIL.exec(text.slice(0, open))?.[0] ?? '';
    const inside = text.slice(open + 1);
    const value = /([A-Za-z_]\w*)\s*(=~|!~|!=|=)\s*(["'`]?)([^"'`]*)$/.exec(inside);
    if (value) {
      const [whole, label, , quote, prefix] = value;
      // A closed quote means the value is done: nothing to offer until the next label.
      if ((quote ?? '') !== '' || !/["'`]/.test(prefix ?? '')) {
        return {
          kind: 'label-value',
          metric,
          label: label ?? '',
          prefix: prefix ?? '',
          before:
            text.slice(0, text.length - (whole?.length ?? 0)) +
            whole!.slice(0, whole!.length - (prefix?.length ?? 0)),
          quote: quote ?? '',
        };
      }
      return { kind: 'none' };
    }
    const name = /(?:^|[{,\s])([A-Za-z_]\w*)?$/.exec(inside);
    if (name) {
      const prefix = name[1] ?? '';
      return { kind: 'label', metric, prefix, before: text.slice(0, text.length - prefix.length) };
    }
    return { kind: 'none' };
  }
  // Inside `by (…)` / `without (…)`: label names.
  const grouping = /\b(?:by|without|on|ignoring)\s*\(([^)]*)$/.exec(text);
  if (grouping) {
    const prefix = /([A-Za-z_]\w*)?$/.exec(grouping[1] ?? '')?.[1] ?? '';
    return { kind: 'label', metric: '', prefix, before: text.slice(0, text.length - prefix.length) };
  }
  if (inner?.c === '[') return { kind: 'none' }; // a range window
  const prefix = IDENT_TAIL.exec(text)?.[0] ?? '';
  if (/\d$/.test(text) && prefix === '') return { kind: 'none' };
  return { kind: 'metric', prefix, before: text.slice(0, text.length - prefix.length) };
}

export type LogSlot =
  | { kind: 'field'; prefix: string; before: string }
  | { kind: 'field-value'; field: string; prefix: string; before: string; quote: string };

export function logsSlot(text: string): LogSlot {
  const value = /(?:^|[\s(!-])([\w.]+):(["']?)([^\s"'()]*)$/.exec(text);
  if (value) {
    const [, field, quote, prefix] = value;
    return {
      kind: 'field-value',
      field: field ?? '',
      prefix: prefix ?? '',
      quote: quote ?? '',
      before: text.slice(0, text.length - (prefix?.length ?? 0)),
    };
  }
  const prefix = /([\w.]*)$/.exec(text)?.[1] ?? '';
  return { kind: 'field', prefix, before: text.slice(0, text.length - prefix.length) };
}
