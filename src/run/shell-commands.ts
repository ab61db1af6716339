// Handlers of the shell's own built-ins: help, history, refresh and the context moves.
import type { BuiltinName } from '../lang/index.js';
import { nextContext } from '../lang/context.js';
import type { Handler } from '../contract/handler.js';
import { helpText } from './help.js';
import { sanitizeLine } from '../term/sanitize.js';
import { wrapHanging } from '../term/wrap-words.js';

/** edit, up, top, exit, quit: the move is in the built-in table. */
export const moveContext: Handler<BuiltinName> = ({ name, args }, { state }) => {
  const next = nextContext(name, args, state.context);
  if (next === 'exit') return { kind: 'exit' };
  return { kind: 'context', context: next ?? state.context, text: '' };
};

// Wrapped at blanks to the terminal's width: its own wrapping would cut words in two.
export const help: Handler<'help'> = ({ args }, { services }) => ({
  kind: 'text',
  text: wrapHanging(helpText(args), services.width()),
  json: { help: helpText(args) },
});

export const history: Handler<'history'> = (_call, { io }) => {
  const entries = io.history?.() ?? [];
  // The history file is text anyone (or a pasted hostile value) may have written: shown sanitized.
  const text = entries.map((e, i) => `${String(i + 1).padStart(5)}  ${sanitizeLine(e)}`).join('\n');
  return { kind: 'text', text: text ? `${text}\n` : '', json: { history: entries } };
};

export const refresh: Handler<'refresh'> = ({ args }, { services }) => {
  services.cache.clear(args.length ? args : undefined);
  return {
    kind: 'text',
    text: args.length ? `metadata under '${args.join(' ')}' refreshed\n` : 'metadata refreshed\n',
    json: { refreshed: args },
  };
};
