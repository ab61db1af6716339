// Error types with a stable `code` and the exit status it maps to (CLI.md: 1 command failed,
// 2 usage, 3 could not connect or authenticate). main.ts is the only place that turns them
// into exit codes and user text; everything else throws or returns these.

export type ErrorCode =
  | 'usage' // bad flags or arguments (exit 2)
  | 'config' // unreadable profile/secret file, bad configuration (exit 2)
  | 'auth' // 401, token could not be obtained or renewed (exit 3)
  | 'transport' // refused, reset, DNS, TLS (exit 3)
  | 'timeout' // no answer within the per-request limit (exit 3)
  | 'protocol' // not JSON, wrong shape, body over the size cap (exit 1)
  | 'rejected' // router 400 with ErrorStatus (exit 1)
  | 'command_failed' // router 200 with a non-OK RequestStatus (exit 1)
  | 'validation' // the line was checked locally and nothing was sent (exit 1)
  | 'telemetry' // telemetry API error body { error: { code, message, request_id } } (exit 1 or 3)
  | 'limit' // refused locally: would break a telemetry limit (exit 1)
  | 'cancelled'; // the user aborted (Ctrl-C) (exit 1)

export const EXIT = { ok: 0, failed: 1, usage: 2, connect: 3 } as const;

export class RoutershError extends Error {
  readonly code: ErrorCode;
  readonly exitCode: number;
  /** Extra machine-readable detail for --json output; never holds secrets. */
  readonly details: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, exitCode: number, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'RoutershError';
    this.code = code;
    this.exitCode = exitCode;
    this.details = details;
  }
  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

export const usageError = (message: string) => new RoutershError('usage', message, EXIT.usage);
export const configError = (message: string) => new RoutershError('config', message, EXIT.usage);
export const authError = (message: string, details: Record<string, unknown> = {}) =>
  new RoutershError('auth', message, EXIT.connect, details);
export const transportError = (message: string, details: Record<string, unknown> = {}) =>
  new RoutershError('transport', message, EXIT.connect, details);
export const timeoutError = (message: string, details: Record<string, unknown> = {}) =>
  new RoutershError('timeout', message, EXIT.connect, details);
export const protocolError = (message: string, details: Record<string, unknown> = {}) =>
  new RoutershError('protocol', message, EXIT.failed, details);
export const rejectedError = (message: string, details: Record<string, unknown> = {}) =>
  new RoutershError('rejected', message, EXIT.failed, details);
export const commandFailedError = (message: string, details: Record<string, unknown> = {}) =>
  new RoutershError('command_failed', message, EXIT.failed, details);
export const cancelledError = (message = 'cancelled') => new RoutershError('cancelled', message, EXIT.failed);
export const limitError = (message: string, details: Record<string, unknown> = {}) =>
  new RoutershError('limit', message, EXIT.failed, details);

export function isRoutershError(e: unknown): e is RoutershError {
  return e instanceof RoutershError;
}
