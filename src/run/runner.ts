// Runs one line of the command language: resolve against live metadata, send, shape the
// outcome. Shared by the interactive shell, -c, -f and stdin. Nothing is printed here.
import { isChange } from '../api/router/is-change.js';
import type { Envelope, RouterRequest } from '../api/router/types.js';
import { asRoutershError, RoutershError } from '../errors.js';
import type { ResolvedWord, Resolution, ScannedLine } from '../lang/index.js';
import { lineSecrets, scrubError, scrubSecrets } from '../lang/secrets.js';

/** A line and, when it was read already, its tokens (and for a router request, its resolved words). */
interface ReadLine {
  line: string;
  scan?: ScannedLine | undefined;
  words?: readonly ResolvedWord[];
  context?: readonly string[];
  /** The confirmed-change window open when the line began: a change is sent only inside it. */
  window?: string | undefined;
}
import { NO_IO, type RunIo, type RunState, type Services } from '../contract/services.js';
import { formatDescribe, formatMessage, formatShow } from './format-router.js';
import { streamedShow, unstreamed } from './streamed-show.js';
import type { Outcome } from '../contract/outcome.js';
import { loadChangeSender, loadHandlers } from './features.js';

// An unexpected failure is still one line for the user; the stack is not theirs to read.
const toOutcomeError = (e: unknown): Outcome => ({ kind: 'error', error: asRoutershError(e) });

export async function runLine(
  line: string,
  state: RunState,
  services: Services,
  signal: AbortSignal,
  io: RunIo = NO_IO,
): Promise<Outcome> {
  return (await runLineNoted(line, state, services, signal, io)).outcome;
}

// Notes already said, per session (its cache stands for it): each is said once.
const saidNotes = new WeakMap<object, Set<string>>();

function firstTime(services: Services, note: string | undefined): string | undefined {
  if (note === undefined) return undefined;
  const said = saidNotes.get(services) ?? new Set<string>();
  saidNotes.set(services, said);
  if (said.has(note)) return undefined;
  said.add(note);
  return note;
}

/**
 * runLine, and the line's note (a built-in shadowing a router word) the first time it comes,
 * and its warning (it runs, but likely not as meant) every time.
 */
export async function runLineNoted(
  line: string,
  state: RunState,
  services: Services,
  signal: AbortSignal,
  io: RunIo = NO_IO,
  scan?: ScannedLine,
): Promise<{ outcome: Outcome; note?: string; warning?: string }> {
  let secrets: string[] | undefined;
  try {
    const window = services.journal?.opened()?.window()?.id;
    const res = await services.resolve(line, state.context, signal, scan);
    const note = firstTime(services, res.kind === 'builtin' ? res.note : undefined);
    const warning = res.kind === 'builtin' ? res.warning : undefined;
    // THE secret rule (lang/secrets.ts) on the words as resolved: what the line carries in its
    // secret slots never comes back out in its output, its --json or its error.
    const words = res.kind === 'empty' ? [] : res.words;
    secrets = lineSecrets(line, { words, context: state.context, scan });
    // A line with secrets has them replaced in its output once it is whole: none is streamed.
    const run = { services, io: secrets.length > 0 ? unstreamed(io) : io };
    const outcome = await runResolution(res, state, run, signal, { line, scan, window });
    return {
      outcome: scrubOutcome(outcome, secrets),
      ...(note ? { note } : {}),
      ...(warning ? { warning } : {}),
    };
  } catch (e) {
    return { outcome: scrubOutcome(toOutcomeError(e), secrets ?? lineSecrets(line)) };
  }
}

/** The outcome as it may be printed: each of the line's secret values is `***`. */
function scrubOutcome(o: Outcome, secrets: readonly string[]): Outcome {
  if (secrets.length === 0) return o;
  switch (o.kind) {
    case 'router':
      return { ...o, envelope: scrubSecrets(o.envelope, secrets), text: scrubSecrets(o.text, secrets) };
    case 'text':
      return {
        ...o,
        text: scrubSecrets(o.text, secrets),
        json: scrubSecrets(o.json, secrets),
        ...(o.failure ? { failure: scrubError(o.failure, secrets) } : {}),
      };
    case 'error':
      return { ...o, error: scrubError(o.error, secrets) };
    default:
      return o;
  }
}

/** A change, or a refused line that is not a read (`show …`, `describe …`) nor a built-in's. */
function mayStage(res: Resolution): boolean {
  if (res.kind === 'router') return isChange(res.request);
  if (res.kind !== 'error') return false;
  const first = res.words[0];
  const read = first?.role === 'verb' && (first.token.text === 'show' || first.token.text === 'describe');
  return !read && !res.words.some((w) => w.role === 'builtin');
}

async function runResolution(
  res: Resolution,
  state: RunState,
  run: { services: Services; io: RunIo },
  signal: AbortSignal,
  line: ReadLine,
): Promise<Outcome> {
  // Candidate mode (`configure`): a change, or a line the resolver refused (it may lie under a
  // node a staged line creates), is checked with the dry-run rules and staged, not sent.
  const candidate = run.services.candidate;
  if (candidate?.lines() !== undefined && mayStage(res))
    return candidate.stage({ line: line.line, context: state.context }, run, signal);
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
      return runRouter(res.request, run, signal, { ...line, words: res.words, context: state.context });
    case 'builtin': {
      // The handlers (telemetry, match-list, monitor, their renderers) load with the first
      // built-in: a router command such as `-c "show interface"` never pays for them.
      const { runBuiltin } = await loadHandlers();
      return runBuiltin(
        { name: res.name, args: res.args, options: res.options },
        { state, ...run, signal, window: line.window },
      );
    }
    default: {
      const never: never = res;
      throw new Error(`unhandled resolution ${(never as { kind: string }).kind}`);
    }
  }
}

async function runRouter(
  request: RouterRequest,
  run: { services: Services; io: RunIo },
  signal: AbortSignal,
  line: ReadLine,
): Promise<Outcome> {
  const { services } = run;
  // A change goes through the journal (metadata before, request, answer, metadata after); a
  // read does not load it.
  const change = isChange(request);
  // A show's text is written while it arrives when the caller can take it (the shell).
  const stream = run.io.stream;
  const streamed = !change && stream && request.actions?.includes('SHOW') ? streamedShow(stream) : undefined;
  let envelope: Envelope;
  try {
    envelope = change
      ? await (await loadChangeSender()).sendChange(request, line, run, signal)
      : await services.router.send(request, streamed ? { signal, onShow: streamed.onShow } : { signal });
  } catch (e) {
    // A change whose answer was lost (reset, timeout, garbage, cancelled on the way) may have
    // taken: what it touches is re-read as after a success. A refusal changed nothing.
    if (change && answerLost(e)) forgetChanged(services, request);
    throw e;
  } finally {
    streamed?.flush();
  }
  const width = services.width();
  let text: string;
  if (request.method === 'GET') {
    text = envelope.nodeInfo
      ? formatDescribe(request.words, envelope.nodeInfo, width)
      : formatMessage(envelope);
  } else if (request.actions?.includes('SHOW')) {
    // Written while it arrived: its text is made of what was written (no pass over 4.8 MB).
    const whole = streamed?.text(envelope);
    if (streamed && whole !== undefined)
      return { kind: 'router', request, envelope, text: whole, shown: streamed.shown };
    text = formatShow(envelope, width);
  } else {
    text = formatMessage(envelope);
  }
  if (change) forgetChanged(services, request);
  return { kind: 'router', request, envelope, text };
}

/**
 * Our own change: SetValues of exactly this node and its ancestors may be out of date (re-read
 * when completion or `edit` needs them, not per written entry); a deleted node is gone with its
 * subtree.
 */
function forgetChanged(services: Services, request: RouterRequest): void {
  services.cache.invalidate(request.words, { deleted: request.method === 'DELETE' });
}

/** No answer, or one that cannot be read: the router may have applied the change. */
function answerLost(e: unknown): boolean {
  const { code } = asRoutershError(e);
  return code === 'transport' || code === 'timeout' || code === 'protocol' || code === 'cancelled';
}
