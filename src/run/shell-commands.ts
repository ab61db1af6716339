// Handlers of the shell's own built-ins: help, history, refresh and the context moves.
import type { BuiltinName } from '../lang/index.js';
import { nextContext } from '../lang/context.js';
import type { Handler } from '../contract/handler.js';
import type { CachePort } from '../contract/services.js';
import { commandFailedError } from '../errors.js';
import { helpText } from './help.js';
import { sanitizeLine } from '../term/sanitize.js';
import { wrapHanging } from '../term/wrap-words.js';

/** edit, up, top, exit, quit: the move is in the built-in table. */
export const moveContext: Handler<BuiltinName> = async ({ name, args }, { state, services, signal }) => {
  const next = nextContext(name, args, state.context);
  if (next === 'exit') return { kind: 'exit' };
  if (name === 'edit' && next) await mustExist(next, services.cache, signal);
  return { kind: 'context', context: next ?? state.context, text: '' };
};

/**
 * `edit interface eth99` when the router has no eth99: refused, rather than a context in which
 * every line fails. An entry is a value of a Value node that can be set or removed and has
 * sub-nodes (an interface, a route); it exists when its parent's metadata lists it among the
 * SetValues.
 */
async function mustExist(path: readonly string[], cache: CachePort, signal: AbortSignal): Promise<void> {
  for (let i = 0; i < path.length; i++) {
    // Current data: this session's own change may have created or removed the entry since the
    // parent was read (`interface eth1.100` then `edit interface eth1.100`).
    const parent = await cache.get(path.slice(0, i), signal, { current: true });
    const word = path[i]!;
    if (parent.subNodes.some((c) => c.type === 'Token' && c.name === word)) continue;
    const entry = parent.subNodes.find(
      (c) => c.type === 'Value' && (c.allowSet || c.allowUnSet) && c.hasSubnodes,
    );
    if (!entry || entry.setValues.includes(word)) continue;
    const where = sanitizeLine(path.slice(0, i + 1).join(' '));
    const there = entry.setValues.length
      ? ` (configured: ${sanitizeLine(entry.setValues.slice(0, 8).join(', '))}${entry.setValues.length > 8 ? ', …' : ''})`
      : '';
    throw commandFailedError(`${where} is not configured${there}: create it first (${where}), then edit it`);
  }
}

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
