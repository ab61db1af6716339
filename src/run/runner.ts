// Runs one line of the command language: resolve against live metadata, send, shape the
// outcome. Shared by the interactive shell, -c, -f and stdin. Nothing is printed here.
import type { Envelope, RouterRequest } from '../api/router/types.js';
import type { Resolution } from '../lang/index.js';
import { asRoutershError, notConfiguredError, RoutershError } from '../errors.js';
import { formatDescribe, formatMessage, formatShow } from './format-router.js';
import { helpText } from './help.js';
import type { Outcome } from './outcome.js';

export interface TelemetryRun {
  name: string;
  args: string[];
  options: Record<string, string[]>;
}

export interface RunnerDeps {
  resolve(line: string, context: string[], signal: AbortSignal): Promise<Resolution>;
  router: { send(req: RouterRequest, o: { signal?: AbortSignal }): Promise<Envelope> };
  cache: { invalidate(words: string[]): void; clear(prefix?: string[]): void };
  telemetry?: (
    cmd: TelemetryRun,
    o: { signal: AbortSignal; interactive: boolean; width: number },
  ) => Promise<Outcome>;
  history?: () => string[];
  width: () => number;
  interactive: boolean;
}

export interface RunState {
  context: string[];
}

// An unexpected failure is still one line for the user; the stack is not theirs to read.
const toOutcomeError = (e: unknown): Outcome => ({ kind: 'error', error: asRoutershError(e) });

export async function runLine(
  line: string,
  state: RunState,
  deps: RunnerDeps,
  signal: AbortSignal,
): Promise<Outcome> {
  try {
    const res = await deps.resolve(line, state.context, signal);
    return await runResolution(res, state, deps, signal);
  } catch (e) {
    return toOutcomeError(e);
  }
}

async function runResolution(
  res: Resolution,
  state: RunState,
  deps: RunnerDeps,
  signal: AbortSignal,
): Promise<Outcome> {
  switch (res.kind) {
    case 'empty':
      return { kind: 'empty' };
    case 'error': {
      const err = res.error;
      return {
        kind: 'error',
        error: new RoutershError('validation', err.message, {
          column: err.column + 1,
          word: err.wordIndex,
        }),
        at: { column: err.column, length: err.length, wordIndex: err.wordIndex },
      };
    }
    case 'router':
      return runRouter(res.request, deps, signal);
    case 'builtin':
      return runBuiltin(res.name, res.args, res.options, state, deps, signal);
    default: {
      const never: never = res;
      throw new Error(`unhandled resolution ${(never as { kind: string }).kind}`);
    }
  }
}

async function runRouter(request: RouterRequest, deps: RunnerDeps, signal: AbortSignal): Promise<Outcome> {
  const envelope = await deps.router.send(request, { signal });
  const width = deps.width();
  let text: string;
  if (request.method === 'GET') {
    text = envelope.nodeInfo
      ? formatDescribe(request.words, envelope.nodeInfo, width)
      : formatMessage(envelope);
  } else if (request.actions?.includes('SHOW')) {
    text = formatShow(envelope, width);
  } else {
    text = formatMessage(envelope);
  }
  if (request.method !== 'GET' && !(request.actions?.length === 1 && request.actions[0] === 'SHOW')) {
    // Our own change: SetValues of exactly this node and its parent are stale now.
    deps.cache.invalidate(request.words);
  }
  return { kind: 'router', request, envelope, text };
}

async function runBuiltin(
  name: string,
  args: string[],
  options: Record<string, string[]>,
  state: RunState,
  deps: RunnerDeps,
  signal: AbortSignal,
): Promise<Outcome> {
  const top = name.split(' ')[0];
  switch (top) {
    case 'exit':
    case 'quit':
      if (state.context.length > 0) return { kind: 'context', context: [], text: '' };
      return { kind: 'exit' };
    case 'up':
      return { kind: 'context', context: state.context.slice(0, -1), text: '' };
    case 'top':
      return { kind: 'context', context: [], text: '' };
    case 'edit':
      // The resolver checked the words and gives the absolute router path.
      return { kind: 'context', context: args, text: '' };
    case 'refresh':
      deps.cache.clear(args.length ? args : undefined);
      return {
        kind: 'text',
        text: args.length ? `metadata under '${args.join(' ')}' refreshed\n` : 'metadata refreshed\n',
        json: { refreshed: args },
      };
    case 'history': {
      const entries = deps.history?.() ?? [];
      const text = entries.map((e, i) => `${String(i + 1).padStart(5)}  ${e}`).join('\n');
      return { kind: 'text', text: text ? `${text}\n` : '', json: { history: entries } };
    }
    case 'help':
      return { kind: 'text', text: helpText(args), json: { help: helpText(args) } };
    case 'metrics':
    case 'logs':
      if (!deps.telemetry) {
        return {
          kind: 'error',
          error: notConfiguredError(
            'no telemetry API configured: give --telemetry URL and a key (ROUTERSH_TELEMETRY_KEY)',
          ),
        };
      }
      return deps.telemetry(
        { name, args, options },
        { signal, interactive: deps.interactive, width: deps.width() },
      );
    default:
      return { kind: 'error', error: new RoutershError('validation', `unknown command '${name}'`) };
  }
}
