// Errors the simulated API answers with: an HTTP status plus the spec's stable error code.
// Handlers throw them; server.ts turns them into `{ error: { code, message, details, request_id } }`.

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;
  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** 400 for a malformed request body (unknown or missing field, wrong type, bad limit). */
export const invalidRequest = (message: string, details: Record<string, unknown> = {}) =>
  new ApiError(400, 'invalid_request', message, details);

/** 400 for a MetricsQL/LogsQL syntax error. */
export const invalidQuery = (message: string) => new ApiError(400, 'invalid_query', message);

/** 400 for valid syntax the simulator (like the service) does not support. */
export const unsupportedQuery = (message: string) => new ApiError(400, 'unsupported_query', message);

/** 422 for a time range or window over the range limit. */
export const rangeTooLarge = (message: string) => new ApiError(422, 'range_too_large', message);

/** 422: a result would exceed a series or point limit (never truncated silently). */
export const resultTooLarge = (message: string, details: Record<string, unknown> = {}) =>
  new ApiError(422, 'result_too_large', message, details);

export function errorBody(
  code: string,
  message: string,
  requestId: string,
  details: Record<string, unknown> = {},
): string {
  return JSON.stringify({ error: { code, message, details, request_id: requestId } });
}

/** The default code for a status the fault injector answers with. */
export function codeForStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'invalid_request',
    401: 'invalid_api_key',
    403: 'insufficient_scope',
    404: 'not_found',
    413: 'payload_too_large',
    422: 'result_too_large',
    429: 'rate_limited',
    500: 'internal_error',
    502: 'provider_error',
    503: 'service_unavailable',
    504: 'deadline_exceeded',
  };
  return codes[status] ?? `http_${status}`;
}
