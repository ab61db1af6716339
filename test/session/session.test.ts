// THE way to a session (src/session/): every command's services are built once, frozen, with
// every port wired — routersh's own address from the router connection, the journal, the
// lessons — and nothing can be assigned into them afterwards.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { memorySink } from '../helpers/memory-sink.js';
import type { Session } from '../../src/session/session.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';

let sim: RouterSim;
const open: Session[] = [];
beforeAll(async () => {
  sim = await startRouterSim();
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await sim.close();
});

const session = async (o: Parameters<typeof testSession>[1]) => {
  const s = await testSession(simConfig(sim.url), o);
  open.push(s);
  return s;
};

describe('a session', () => {
  it.each([
    ['the shell', { interactive: true, journal: memorySink(), lessons: 'file' as const }],
    ['a script', { interactive: false, journal: memorySink(), telemetry: 'on-first-use' as const }],
  ])('for %s: its services and their ports are frozen', async (_, o) => {
    const s = await session(o);
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.services)).toBe(true);
    expect(Object.isFrozen(s.services.journal)).toBe(true);
    // ESM is strict: an assignment into the services throws.
    expect(() => {
      (s.services as { yes: boolean }).yes = true;
    }).toThrow(TypeError);
    expect(() => {
      (s.services as { lessons: unknown }).lessons = undefined;
    }).toThrow(TypeError);
  });

  it("knows routersh's own address from its connection, once it has one", async () => {
    const s = await session({ interactive: false });
    expect(s.services.router.addresses).toBeUndefined();
    await s.services.cache.get([]);
    expect(s.services.router.addresses).toEqual({ local: '127.0.0.1', remote: '127.0.0.1' });
  });

  it('opens its journal on first need, through the port, and keeps it', async () => {
    const s = await session({ interactive: false, journal: memorySink() });
    expect(s.services.journal?.opened()).toBeUndefined();
    const j = await s.services.journal?.open();
    expect(j).toBeDefined();
    expect(s.services.journal?.opened()).toBe(j);
    expect(await s.services.journal?.open()).toBe(j);
  });
});

describe('the source', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
    });
  const src = new URL('../../src', import.meta.url).pathname;

  it("never replaces a stream's write (a recording is a tee handed to whoever writes)", () => {
    const hits = files(src).filter((f) => /\.write\s*=\s*[^=>]/.test(readFileSync(f, 'utf8')));
    expect(hits).toEqual([]);
  });

  it('main.ts only dispatches: at most 60 lines', () => {
    expect(readFileSync(join(src, 'main.ts'), 'utf8').split('\n').length).toBeLessThanOrEqual(60);
  });
});
