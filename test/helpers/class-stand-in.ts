// A class server's trainee side in a test: node:http on 127.0.0.1 (ephemeral port) that answers
// /class/join, /class/line, /class/hint, /class/skip and /class/events as contract/class.ts says,
// for ONE trainee whose router is a real simulator (startRouterSim, the trainee a user of it).
// It records what the client sent and lets a test push events, break the connection or answer
// garbage: the hostile/faulty-server harness of the client. The real server's proofs run
// against `routersh class serve` (test/e2e/classroom*.test.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClassEvent, JoinAnswer, LineReport } from '../../src/contract/class.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';

export interface StandIn {
  url: string;
  router: RouterSim;
  lines: LineReport[];
  calls: string[];
  push(e: ClassEvent): void;
  /** The next `n` calls fail (the socket destroyed: the server gone). */
  breakCalls(n: number): void;
  /** Replaces the join answer's body (hostile answers). */
  joinBody: (answer: JoinAnswer) => unknown;
  close(): Promise<void>;
}

const STEPS = ['Create a VLAN interface', 'Give it an address'];

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });
}

export async function startStandIn(name: string, code: string): Promise<StandIn> {
  const router = await startRouterSim({
    prepare: (state) => state.users.set(name, { name, password: code, tokenExpiration: 3600 }),
  });
  const events: Array<{ seq: number; e: ClassEvent }> = [];
  const waiting = new Set<() => void>();
  let broken = 0;
  let step = 0;
  const basic = `Basic ${Buffer.from(`${name}:${code}`).toString('base64')}`;
  const self: StandIn = {
    url: '',
    router,
    lines: [],
    calls: [],
    push: (e) => {
      events.push({ seq: events.length + 1, e });
      for (const w of waiting) w();
    },
    breakCalls: (n) => {
      broken = n;
    },
    joinBody: (a) => a,
    close: async () => {
      for (const w of waiting) w();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await router.close();
    },
  };
  const json = (res: ServerResponse, status: number, v: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof v === 'string' ? v : JSON.stringify(v));
  };
  const stepAnswer = (note: string) => ({
    lesson: 'interfaces',
    step,
    note,
    status: `lesson interfaces ${step + 1}/${STEPS.length}`,
  });
  const server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    self.calls.push(`${req.method} ${u.pathname}`);
    if (broken > 0) {
      broken--;
      return req.socket.destroy();
    }
    if (req.headers.authorization !== basic) return json(res, 401, { error: 'not let in' });
    const text = await body(req);
    switch (u.pathname) {
      case '/class/join':
        return json(
          res,
          200,
          self.joinBody({
            name,
            router: router.url,
            telemetry: `${self.url}/t/${name}/telemetry`,
            telemetryKey: 'stand-in-key',
            lessons: [{ name: 'interfaces', title: 'Interfaces', steps: STEPS }],
            lesson: 'interfaces',
            step,
            text: `Step ${step + 1}/${STEPS.length}: ${STEPS[step]}\n`,
          }),
        );
      case '/class/line': {
        const r = JSON.parse(text) as LineReport;
        self.lines.push(r);
        const passed = step === 0 && r.ok && /interface eth1\.100/.test(r.resolved ?? '');
        if (passed) step = 1;
        return json(res, 200, {
          ...stepAnswer(passed ? 'step 1 done (graded by the stand-in)' : ''),
          checks: [],
        });
      }
      case '/class/hint':
        return json(res, 200, stepAnswer('Hint: interface eth1.100'));
      case '/class/skip':
        step++;
        return json(res, 200, stepAnswer(`step ${step} skipped`));
      case '/class/events': {
        const after = u.searchParams.get('after');
        if (after === null) return json(res, 200, { seq: events.length, events: [] });
        const newer = () => events.filter((x) => x.seq > Number(after));
        if (!newer().length)
          await new Promise<void>((resolve) => {
            const done = () => {
              waiting.delete(done);
              clearTimeout(t);
              resolve();
            };
            const t = setTimeout(done, 25_000);
            waiting.add(done);
          });
        return json(res, 200, { seq: events.length, events: newer().map((x) => x.e) });
      }
      default:
        return json(res, 404, { error: 'no such path' });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  self.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return self;
}
