// Error types with a stable `code`. An error never carries an exit status: main.ts holds THE
// table from code to exit status (CLI.md: 1 command failed, 2 usage, 3 could not connect or
// authenticate) and the only place that turns errors into user text at the top level.

export type ErrorCode =
  | 'usage' // bad flags (exit 2)
  | 'config' // unreadable profile/secret file, bad configuration (exit 2)
  | 'argument' // a command's argument is wrong: bad duration, step 0, from after to (exit 1)
  | 'not_configured' // the command needs something not configured (telemetry) (exit 1)
  | 'auth' // 401, token could not be obtained or renewed (exit 3)
  | 'transport' // refused, reset, DNS, TLS (exit 3)
  | 'timeout' // no answer within the per-request limit (exit 3)
  | 'protocol' // not JSON, wrong shape, body over the size cap (exit 1)
  | 'rejected' // router 400 with ErrorStatus (exit 1)
  | 'command_failed' // router 200 with a non-OK RequestStatus (exit 1)
  | 'validation' // the line was checked locally and nothing was sent (exit 1)
  | 'telemetry' // telemetry API error body { error: { code, message, request_id } } (exit 1)
  | 'telemetry_auth' // telemetry API 401: the key is refused (exit 3)
  | 'telemetry_redirect' // telemetry API answered 3xx; never followed (exit 3)
  | 'limit' // refused locally: would break a telemetry limit (exit 1)
  | 'cancelled' // the user aborted (Ctrl-C) (exit 1)
  | 'internal'; // a bug: still one line for the user (exit 1)

export class RoutershError extends Error {
  readonly code: ErrorCode;
  /** Extra machine-readable detail for --json output; never holds secrets. */
  readonly details: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'RoutershError';
    this.code = code;
    this.details = details;
  }
  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

type Details = Record<string, unknown>;
const make =
  (code: ErrorCode) =>
  (message: string, details: Details = {}) =>
    new RoutershError(code, message, details);

export const usageError = make('usage');
export const configError = make('config');
export const argumentError = make('argument');
export const notConfiguredError = make('not_configured');
export const authError = make('auth');
export const transportError = make('transport');
export const timeoutError = make('timeout');
export const protocolError = make('protocol');
export const rejectedError = make('rejected');
export const commandFailedError = make('command_failed');
export const validationError = make('validation');
export const limitError = make('limit');
export const internalError = make('internal');
export const cancelledError = (message = 'cancelled') => new RoutershError('cancelled', message);

export function isRoutershError(e: unknown): e is RoutershError {
  return e instanceof RoutershError;
}

const CONNECT: ReadonlySet<ErrorCode> = new Set([
  'auth',
  'transport',
  'timeout',
  'telemetry_auth',
  'telemetry_redirect',
] satisfies ErrorCode[]);
/** Could not connect or authenticate: the interactive shell ends at start on these. */
export const isConnectFailure = (e: RoutershError): boolean => CONNECT.has(e.code);

/**
 * The router answered and said no (an HTTP error status, or a 200 whose RequestStatus is not
 * OK): not a lost, slow or garbled answer.
 */
export const routerRefused = (e: unknown): e is RoutershError =>
  isRoutershError(e) && (e.code === 'rejected' || e.code === 'command_failed');

/** Telemetry errors print as `error: code: message`; the others as `% message` (CLI.md). */
export const isTelemetryError = (e: RoutershError): boolean => e.code.startsWith('telemetry');

/** Any thrown value as a RoutershError (an unexpected one becomes `internal`, one line). */
export function asRoutershError(e: unknown): RoutershError {
  if (isRoutershError(e)) return e;
  if ((e as Error)?.name === 'AbortError') return cancelledError();
  return internalError(`internal error: ${e instanceof Error ? e.message : String(e)}`);
}

/**
 * How a run ended, for main.ts's exit table: every command succeeded, a signal stopped it,
 * errors (one, or several with --keep-going), or, across a fleet (issue 39), some hosts failed
 * and some did not (`partial`: exit 4; the failed hosts' errors).
 */
export type Ending =
  | { kind: 'ok' }
  | { kind: 'signal'; signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'SIGPIPE' }
  | { kind: 'failed'; errors: readonly RoutershError[] }
  | { kind: 'partial'; errors: readonly RoutershError[] };

export const OK: Ending = { kind: 'ok' };
export const failed = (...errors: RoutershError[]): Ending =>
  errors.length === 0 ? OK : { kind: 'failed', errors };

/**
 * A fleet's ending from its hosts': every host ok → ok; some failed and some not → partial
 * (exit 4); every host failed → what one router would give (its errors, `failed`).
 */
export function fleetEnding(hosts: number, errors: readonly RoutershError[], failedHosts: number): Ending {
  if (failedHosts === 0 || errors.length === 0) return OK;
  if (failedHosts < hosts) return { kind: 'partial', errors };
  // All failed: 3 only when none could be reached (several errors give 3 when one is a connect
  // failure), so the connect failures are left out when some host answered.
  const answered = errors.filter((e) => !isConnectFailure(e));
  return { kind: 'failed', errors: answered.length > 0 ? answered : errors };
}
