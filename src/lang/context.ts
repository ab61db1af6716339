// THE context transitions (edit/up/top/exit/quit), from the built-in table's `context` field.
// The runner applies them; the paste check threads them through a pasted block.
import { type BuiltinName, builtinSpec } from './grammar.js';
import type { Resolution } from './types.js';

/** The context after running `name`: a new context, 'exit' (leave the shell), or unchanged. */
export function nextContext(
  name: BuiltinName,
  args: readonly string[],
  context: readonly string[],
): string[] | 'exit' | undefined {
  const move = builtinSpec(name).context;
  switch (move) {
    case undefined:
      return undefined;
    case 'enter':
      // The resolver checked the words and gives the absolute router path.
      return [...args];
    case 'parent':
      return context.slice(0, -1);
    case 'root':
      return [];
    case 'leave':
      // Inside a context, exit leaves the context; at the top, the shell.
      return context.length > 0 ? [] : 'exit';
    default: {
      const never: never = move;
      return never;
    }
  }
}

/** The context after a resolved line (a paste check goes on after an exit at the top). */
export function contextAfter(res: Resolution, context: string[]): string[] {
  if (res.kind !== 'builtin') return context;
  const next = nextContext(res.name, res.args, context);
  return next === undefined ? context : next === 'exit' ? [] : next;
}
