// The command's clauses among an expression's words: where the trailing ones begin, and clause
// words written where they are not read — said locally (a MetricsQL hint, a LogsQL warning)
// rather than sent to the server as part of the query.
import { type ClauseSpec, clauseOwners, type RawCommand } from './grammar.js';
import type { Word } from './expr-lex.js';

export interface ClauseRead {
  /** The clause word k can start, if any. */
  usable: (k: number) => ClauseSpec | undefined;
  /** While typing (the words end at the cursor): whether a new word has begun. */
  typing?: { trailingBlank: boolean };
}

/**
 * Where the clauses ending the words [0, end) begin, read from the end: `NAME VALUE` pairs
 * whose value has the clause's shape, and flags.
 */
export function clausesStart(words: readonly Word[], end: number, read: ClauseRead): number {
  const { usable, typing } = read;
  let j = end;
  for (;;) {
    const atLast = j === end;
    // While typing: `since ` waits for its value; `since 1` is a value being typed.
    const blankAfter = typing !== undefined && atLast && typing.trailingBlank;
    const halfTyped = typing !== undefined && atLast && !typing.trailingBlank;
    if (blankAfter && usable(j - 1) && !usable(j - 1)!.flag) {
      j -= 1;
      continue;
    }
    const key = usable(j - 2);
    const v = words[j - 1];
    if (key && !key.flag && v?.plain) {
      if (halfTyped || (key.shape ? key.shape(v.text) : key.check?.(v.text) === undefined)) {
        j -= 2;
        continue;
      }
    }
    if (usable(j - 1)?.flag && !halfTyped) {
      j -= 1;
      continue;
    }
    return j;
  }
}

/** Why a clause word is not read where it is: another command's clause, or a bad value. */
export interface ClauseHint {
  message: string;
  column: number;
}

/** `WORD VALUE`, a clause of `cmd` with a value that does not parse, or another command's clause. */
export function clauseHint(word: Word, value: Word | undefined, cmd: RawCommand): ClauseHint | undefined {
  const own = cmd.clauses.get(word.text);
  if (own) {
    const why = value && !own.flag ? own.check?.(value.text) : undefined;
    if (why === undefined) return undefined;
    return { message: `invalid value '${value!.text}' for '${word.text}': ${why}`, column: value!.start };
  }
  const owners = clauseOwners(word.text, cmd);
  if (owners.length === 0) return undefined;
  const takes = cmd.usage ? ` (which takes ${cmd.usage})` : '';
  return {
    message: `'${word.text}' is a clause of ${owners.map((o) => `'${o.name}'`).join(' and ')}, not of '${cmd.name}'${takes}: nothing sent`,
    column: word.start,
  };
}

/**
 * A MetricsQL expression that ends in `WORD VALUE` with WORD a clause word was meant as a
 * clause: two plain words side by side are never MetricsQL (`up since 1h`, `up at yesterday`).
 */
export function misplacedClause(
  words: readonly Word[],
  end: number,
  cmd: RawCommand,
): ClauseHint | undefined {
  const word = words[end - 2];
  const value = words[end - 1];
  if (!word?.plain || !value?.plain || word.comment) return undefined;
  return clauseHint(word, value, cmd);
}

/**
 * LogsQL: clauses written before the first pipe (`level:error since 1h | limit 3`) are part of
 * the query, searched for as words. Still sent (they may be words meant), with this warning.
 */
export function clausesBeforePipe(
  words: readonly Word[],
  firstPiped: number,
  cmd: RawCommand,
): string | undefined {
  const p = firstPiped - 1; // the word holding the first `|`
  if (!Number.isFinite(firstPiped) || !words[p]?.text.startsWith('|')) return undefined;
  const usable = (k: number) => (k >= 0 && words[k]!.plain ? cmd.clauses.get(words[k]!.text) : undefined);
  const j = clausesStart(words, p, { usable });
  if (j === p || j === 0) return undefined;
  const text = words
    .slice(j, p)
    .map((w) => w.text)
    .join(' ');
  return `'${text}' before the '|' is part of the query, searched for as words: clauses go at the end, after ' -- ' (… -- ${text})`;
}
