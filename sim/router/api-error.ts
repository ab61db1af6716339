// The one error the simulator's handlers throw: becomes an HTTP status plus an envelope whose
// ErrorStatus is the message (one line, never a secret).
export class SimApiError extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.name = 'SimApiError';
    this.status = status;
  }
}

export const bad = (message: string): SimApiError => new SimApiError(message, 400);
