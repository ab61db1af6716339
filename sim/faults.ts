// Fault injection shared by both simulators: tests (and demos) make the next requests slow,
// fail with a status, answer garbage, reset the connection or never answer.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface FaultPlan {
  /** Every request waits this long before it is answered. */
  latencyMs?: number;
  /** The next `count` requests answer `code` with `body` (default a JSON error) and `headers`. */
  status?: { code: number; count: number; body?: string; headers?: Record<string, string> };
  /** The next N requests answer 200 with a body that is not JSON. */
  malformed?: number;
  /** The next N requests have their socket destroyed without an answer. */
  reset?: number;
  /** The next N requests are never answered (until the server closes). */
  hang?: number;
}

export class Faults {
  private plan: FaultPlan = {};
  private readonly hung = new Set<ServerResponse>();

  set(plan: FaultPlan): void {
    this.plan = { ...plan, ...(plan.status ? { status: { ...plan.status } } : {}) };
  }

  clear(): void {
    this.plan = {};
  }

  /** Whether the plan fails, drops or never answers the next request (a fleet's `up` is 0). */
  failing(): boolean {
    const p = this.plan;
    return (p.hang ?? 0) > 0 || (p.reset ?? 0) > 0 || (p.status?.count ?? 0) > 0 || (p.malformed ?? 0) > 0;
  }

  /** Releases hung requests (called on close). */
  releaseAll(): void {
    for (const res of this.hung) res.destroy();
    this.hung.clear();
  }

  /**
   * Applies the plan to one request. Resolves true when the fault answered (or dropped) the
   * request and the simulator must not handle it.
   */
  async apply(_req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const p = this.plan;
    if (p.latencyMs && p.latencyMs > 0) await new Promise((r) => setTimeout(r, p.latencyMs));
    if (p.hang && p.hang > 0) {
      p.hang--;
      this.hung.add(res);
      res.on('close', () => this.hung.delete(res));
      return true;
    }
    if (p.reset && p.reset > 0) {
      p.reset--;
      res.socket?.destroy();
      return true;
    }
    if (p.status && p.status.count > 0) {
      p.status.count--;
      const body = p.status.body ?? JSON.stringify({ error: `injected status ${p.status.code}` });
      res.writeHead(p.status.code, { 'content-type': 'application/json', ...p.status.headers });
      res.end(body);
      return true;
    }
    if (p.malformed && p.malformed > 0) {
      p.malformed--;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"RequestStatus": "OK", "Message": [trunc');
      return true;
    }
    return false;
  }
}
