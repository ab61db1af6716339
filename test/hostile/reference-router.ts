// A reference router on the hostile harness: a plain node:http server (test/hostile/harness.ts)
// whose every /api request is answered by the simulator's engine with the 'reference' variant
// and a state of its own. Nothing of sim/router/server.ts (auth, faults) is in the path: the
// client meets a second, independent HTTP front, and every request is recorded as it arrived.
import { handle } from '../../sim/router/engine.js';
import { type RouterState, seedState } from '../../sim/router/state.js';
import { type Harness, startHarness } from './harness.js';

export interface ReferenceRouter extends Harness<Record<string, never>> {
  state: RouterState;
}

export async function startReferenceRouter(): Promise<ReferenceRouter> {
  const state = seedState(Date.now());
  const h = await startHarness({}, (_m, rec, _req, res) => {
    const url = new URL(rec.url, 'http://x');
    const m = /^\/api(?:-oauth)?(\/.*)?$/.exec(url.pathname);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!m) return json(404, { RequestStatus: 'ERROR', ErrorStatus: 'no route' });
    const words = (m[1] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
    const body = rec.method !== 'GET' && rec.body.trim() ? (JSON.parse(rec.body) as unknown) : undefined;
    void handle({
      method: rec.method as 'GET' | 'POST' | 'DELETE',
      words,
      body,
      query: url.searchParams,
      user: 'admin',
      state,
      now: Date.now(),
      issueToken: async () => 'x.y.z',
      variant: 'reference',
    }).then((out) => json(out.status, out.body));
  });
  return Object.assign(h, { state });
}
