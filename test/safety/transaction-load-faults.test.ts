// `config load` under faults, through the product (issue 38): on the simulator and on the
// differently shaped router (other top-level words, entries named by two key options, an option
// of Count > 1, a secret in the metadata), a 503, a reset, and a lost answer (reset, timeout or
// garbage after the router applied it) at each of the load's five writes. The invariant, read
// through the product (`show configuration`): the router's configuration is the one before the
// load, the load says `reverted` and exits 1 — or, had nothing failed, the one after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { FAULTS, type FaultRouter, startFaultRouter } from './fault-router.js';
import { edited, editedShaped, LOAD_STEPS, loadFile } from './tx-load.js';

const T = ['--timeout', '5'];
const routers: FaultRouter[] = [];
afterAll(async () => {
  await Promise.all(routers.map((r) => r.close()));
});

const VARIANTS = [
  { name: 'the simulator', variant: undefined, edit: edited },
  { name: 'the shaped router', variant: 'shaped' as const, edit: editedShaped },
];

describe.each(VARIANTS)('config load on $name, a fault at each write', ({ variant, edit }) => {
  const fresh = async () => {
    const r = await startFaultRouter(variant ? { variant } : {});
    routers.push(r);
    return { router: r, env: adminEnv(r.url) };
  };
  const configuration = async (env: Record<string, string>) => {
    const r = await runCommand(['-c', 'show configuration', ...T], env);
    expect(r.code, r.err).toBe(0);
    return r.out;
  };
  const s = { s0: '', s1: '' };
  beforeAll(async () => {
    const { router, env } = await fresh();
    s.s0 = await configuration(env);
    const file = await loadFile(env, T, edit);
    const r = await runCommand(['-c', `config load override ${file}`, '--yes', ...T], env);
    expect(r.out, r.err).toContain(`committed: ${LOAD_STEPS} requests sent`);
    expect(router.writes().length).toBe(LOAD_STEPS);
    s.s1 = await configuration(env);
    expect(s.s1).not.toBe(s.s0);
  }, 120_000);

  const matrix = FAULTS.flatMap((fault) =>
    Array.from({ length: LOAD_STEPS }, (_, i) => ({ fault, at: i + 1 })),
  );
  it.concurrent.each(matrix)('$fault at write $at', async ({ fault, at }) => {
    const { router, env } = await fresh();
    const file = await loadFile(env, T, edit);
    router.arm({ at, which: 'write', fault });
    const r = await runCommand(['-c', `config load override ${file}`, '--yes', ...T], env);
    const why = `${fault} at write ${at}: ${r.out}${r.err}`;
    expect(router.struck(), why).toBe(true);
    expect(r.err, why).not.toMatch(/internal error|at .*\.js:\d/);
    expect(r.code, why).toBe(1);
    expect(r.out, why).toMatch(/^reverted: step \d of 5 .* failed: .*\(transaction .*\)$/m);
    expect(await configuration(env), why).toBe(s.s0);
  });
});

// merge and replace plan otherwise (no deletion of what the file lacks) but send through the
// same transaction: a 503 at a middle write reverts theirs too, through the product.
describe.each(['merge', 'replace'])('config load %s on the simulator, a 503 at write 3', (mode) => {
  it('is reverted: the configuration before, exit 1', async () => {
    const router = await startFaultRouter();
    routers.push(router);
    const env = adminEnv(router.url);
    const show = () => runCommand(['-c', 'show configuration', ...T], env);
    const before = (await show()).out;
    const file = await loadFile(env, T, edited);
    router.arm({ at: 3, which: 'write', fault: '503' });
    const r = await runCommand(['-c', `config load ${mode} ${file}`, '--yes', ...T], env);
    expect(router.struck(), r.out + r.err).toBe(true);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/^reverted: step \d of 4 .* failed: .*\(transaction .*\)$/m);
    expect((await show()).out).toBe(before);
  });
});
