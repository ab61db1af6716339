// The shared fault injector, with injected status answers in the telemetry error shape
// ({ error: { code, message, details, request_id } }, Cache-Control: no-store, Retry-After on
// 429) unless the plan brings its own body.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FaultPlan, Faults } from '../faults.js';
import { codeForStatus, errorBody } from './errors.js';

type StatusPlan = NonNullable<FaultPlan['status']>;

export const newRequestId = () => `req_${randomBytes(8).toString('hex')}`;

export class TelemetryFaults extends Faults {
  private status: StatusPlan | undefined;

  override set(plan: FaultPlan): void {
    const { status, ...rest } = plan;
    this.status = status ? { ...status } : undefined;
    super.set(rest);
  }

  override clear(): void {
    this.status = undefined;
    super.clear();
  }

  override async apply(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (await super.apply(req, res)) return true;
    const s = this.status;
    if (!s || s.count <= 0) return false;
    s.count--;
    const id = newRequestId();
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': id,
      ...(s.code === 429 ? { 'retry-after': '1' } : {}),
    };
    for (const [k, v] of Object.entries(s.headers ?? {})) headers[k.toLowerCase()] = v;
    const message = s.code === 429 ? 'too many requests' : `injected failure (HTTP ${s.code})`;
    res.writeHead(s.code, headers);
    res.end(s.body ?? errorBody(codeForStatus(s.code), message, id));
    return true;
  }
}
