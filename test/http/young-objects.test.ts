// What a request and a session make dies young (docs/development.md, "Short-lived objects"). In
// V8 11 (Node 20) a function literal assigned straight to a property is made in old space, and
// a getter defined on each object keeps its context alive through young collections: either
// kept a fleet run's every host (client, socket, session) until a full collection. These check
// the shapes that avoid it, in undici as patched (patches/undici+7.30.2.patch) and in ours,
// with V8's own %InYoungGeneration where a shape alone would not say it.
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Client from 'undici/lib/dispatcher/client.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { Collector } from '../../src/http/collect.js';
import { Transport } from '../../src/http/transport.js';
import { watchSignal } from '../../src/http/watch-signal.js';
import { redactOptionsOf } from '../../src/lang/plain-values.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';

setFlagsFromString('--allow-natives-syntax');
setFlagsFromString('--expose-gc');
const young = new Function('o', 'return %InYoungGeneration(o)') as (o: unknown) => boolean;
/** A full collection: what it leaves is reachable. */
const collect = runInNewContext('gc') as () => void;

const symbolOf = (o: object, description: string): symbol => {
  const s = Object.getOwnPropertySymbols(o).find((x) => x.description === description);
  if (!s) throw new Error(`no ${description} symbol`);
  return s;
};
const own = (o: object, key: PropertyKey) => Object.getOwnPropertyDescriptor(o, key);

interface FastTimer {
  _timerArg: unknown;
  _onTimeout: () => void;
}
/** undici's fast timers (not in its declarations). */
const timers = createRequire(import.meta.url)('undici/lib/util/timers.js') as {
  setFastTimeout(f: () => void, ms: number, arg: unknown): FastTimer;
  clearFastTimeout(t: FastTimer): void;
};

let sim: RouterSim;
let server: TestServer;
beforeAll(async () => {
  sim = await startRouterSim();
  // An answer in two chunks: the collector decodes it part by part, and its text is made when read.
  server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"RequestStatus":');
    setImmediate(() => res.end('"OK"}'));
  });
});
afterAll(async () => {
  await sim.close();
  await server.close();
});

/** A transport to the two-chunk server, ended after the test. */
function transport(): Transport {
  const t = new Transport({
    origin: server.url,
    service: 'test',
    timeoutMs: 30_000,
    maxBodyBytes: 1024,
    connections: 1,
  });
  onTestFinished(() => t.destroy());
  return t;
}

describe('objects of one request or one session die young', () => {
  it("undici's client makes its resume and error callbacks young (not assigned straight to a property)", async () => {
    const c = new Client('http://127.0.0.1:1');
    try {
      expect(young(c[symbolOf(c, 'resume') as keyof typeof c])).toBe(true);
      expect(young(c[symbolOf(c, 'on error') as keyof typeof c])).toBe(true);
    } finally {
      await c.destroy();
    }
  });

  it("undici's http/1.1 context reads `destroyed` through its prototype, and says it right", async () => {
    const t = transport();
    await t.call({ method: 'GET', path: '/', headers: {} });
    const c = (t as unknown as { direct: { get(): object } }).direct.get();
    const context = (c as Record<symbol, { destroyed: boolean }>)[symbolOf(c, 'http context')]!;
    expect(own(context, 'destroyed')).toBeUndefined();
    expect(context.destroyed).toBe(false);
    const socket = (c as Record<symbol, { destroy(): void; destroyed: boolean }>)[symbolOf(c, 'socket')]!;
    socket.destroy();
    expect(context.destroyed).toBe(true);
  });

  it("undici's cleared fast timer lets go of what it would have called, and never calls it", async () => {
    let called = false;
    const arg = { parser: 'p' };
    const timer = timers.setFastTimeout(
      () => {
        called = true;
      },
      1,
      arg,
    );
    timers.clearFastTimeout(timer);
    expect(timer._timerArg).toBeUndefined();
    timer._onTimeout();
    expect(called).toBe(false);
  });

  it("a collected answer's text (made when read) is its prototype's getter, and is the whole body", async () => {
    const res = await transport().call({ method: 'GET', path: '/', headers: {} });
    expect(own(res, 'text')).toBeUndefined();
    expect(res.text).toBe('{"RequestStatus":"OK"}');
    expect(JSON.parse(res.text)).toEqual({ RequestStatus: 'OK' });
  });

  it("a session's label is its prototype's getter, made when read", async () => {
    const s = await testSession(simConfig(sim.url));
    try {
      expect(own(s, 'label')).toBeUndefined();
      expect(s.label).toBe('admin@127.0.0.1');
    } finally {
      await s.close();
    }
  });

  it("a line's redaction rules are young functions (not assigned straight to a property)", async () => {
    const s = await testSession(simConfig(sim.url));
    try {
      // `key net`: a secret-like name whose value the metadata shows to be a fixed word.
      const line = 'ipv4 firewall match-list lab key net timeout 60';
      const r = await s.services.resolve(line, [], new AbortController().signal);
      if (r.kind !== 'router') throw new Error(`not resolved: ${r.kind}`);
      const o = redactOptionsOf(r.words, []);
      expect(o.isPlainValue?.('key', 'net', [])).toBe(true);
      for (const f of [o.nameOf, o.secretValueAt, o.isPlainValue]) if (f) expect(young(f)).toBe(true);
    } finally {
      await s.close();
    }
  });

  it("a signal's listener keeps no exchange that ended: the first one's collector is let go", async () => {
    const run = new AbortController();
    let c: Collector | undefined = new Collector(
      1024,
      () => new Error('too big'),
      () => {},
    );
    const gone = new WeakRef(c);
    watchSignal(run.signal, c)();
    c = undefined;
    // A WeakRef's target is kept to the end of the job that made it.
    await new Promise((r) => setImmediate(r));
    collect();
    expect(gone.deref()).toBeUndefined();
    // The signal still stops what is in flight under it.
    const next = new Collector(
      1024,
      () => new Error('too big'),
      () => {},
    );
    watchSignal(run.signal, next);
    run.abort();
    await expect(next.done).rejects.toThrow(/cancel/i);
  });
});
