// A load under faults on the shaped router (issue 38, "Done when": each transaction verified
// under faults on the differently-shaped router too). `config load override FILE` through the
// product's entry undoes what another client changed; a 503, a reset or a lost answer (reset,
// timeout or garbage after the router applied it) strikes each of its writes in turn. After
// each: the router is at the configuration before or after the load, read straight from its
// state (never through routersh), and the journal's end line says which.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../src/features/changes/journal/fold.js';
import type { RouterState } from '../../sim/router/state.js';
import { SHAPED_CASE, raw } from '../e2e/config-rig.js';
import { adminEnv, runCommand } from '../helpers/command-io.js';
import { FAULTS, type Fault, type FaultRouter, startFaultRouter } from './fault-router.js';
import { events, journalFile } from './invariant.js';

/** JSON with every object's keys sorted: the same configuration gives the same text. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

/** The shaped router's whole configuration, canonical: the oracle. */
function observeShaped(s: RouterState): string {
  const sh = s.shaped!;
  const sorted = <T>(m: Map<string | number, T>) =>
    [...m].sort(([a], [b]) => String(a).localeCompare(String(b)));
  return canonical({
    host: s.hostname,
    interfaces: [...s.interfaces.values()].map((i) => [
      i.name,
      i.mtu,
      i.description,
      i.shutdown,
      i.addresses,
    ]),
    domain: sh.domainName,
    ns: sh.nameServers,
    routes: sorted(sh.routes).map(([d, r]) => [d, r.blackhole, sorted(r.nextHops)]),
    communities: sorted(sh.communities),
    contact: sh.contact,
    location: sh.location,
    nat: sorted(sh.natRules),
    forwards: sorted(sh.forwards),
  });
}

const TIMEOUT = ['--timeout', '5'];
const routers: FaultRouter[] = [];
afterAll(async () => {
  await Promise.all(routers.map((r) => r.close()));
});

/** A shaped fault router whose configuration was saved (after), then changed by someone else (before). */
async function prepared() {
  const router = await startFaultRouter({ variant: 'shaped' });
  routers.push(router);
  const env = adminEnv(router.url);
  const file = join(env.XDG_STATE_HOME, 'saved.conf');
  const saved = await runCommand(['-c', `config save ${file}`], env);
  expect(saved.code, saved.err).toBe(0);
  // The community's lines (`snmp community *** …`) are never sent: they add no write to fault.
  const text = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    text
      .split('\n')
      .filter((l) => !l.includes('***'))
      .join('\n'),
  );
  const after = observeShaped(router.state);
  for (const c of SHAPED_CASE.change) await raw(router, c);
  const before = observeShaped(router.state);
  expect(before).not.toBe(after);
  return { router, env, file, s: { before, after } };
}

const load = (env: Record<string, string>, file: string) =>
  runCommand(['--yes', ...TIMEOUT, '-c', `config load override ${file}`], env);

/** The last transaction's end as the journal says it. */
function txEnd(state: string) {
  const tx = fold(events(journalFile(state))).transactions.at(-1);
  return tx?.end;
}

/** What the clean load sends (checked by the first run). */
const WRITES = 4;
beforeAll(async () => {
  const { router, env, file, s } = await prepared();
  const from = router.writes().length;
  const r = await load(env, file);
  expect(r.code, r.err).toBe(0);
  expect(observeShaped(router.state)).toBe(s.after);
  expect(txEnd(env.XDG_STATE_HOME)?.state).toBe('committed');
  // One write per changed line: mtu, nat rule 200, the next-hop's distance, the port-forward's UNSET.
  expect(router.writes().length - from).toBe(WRITES);
}, 60_000);

describe('config load override on the shaped router, a fault at each write', () => {
  const cases = FAULTS.flatMap((fault) => Array.from({ length: WRITES }, (_, i) => ({ fault, at: i + 1 })));
  it.concurrent.each(cases)(
    '$fault at write $at: before or after, as the journal says',
    async ({ fault, at }) => {
      const { router, env, file, s } = await prepared();
      router.arm({ at, which: 'write', fault: fault as Fault });
      const r = await load(env, file);
      const why = `${fault} at write ${at}`;
      expect(router.struck(), why).toBe(true);
      expect(r.err, why).not.toMatch(/internal error|at .*\.js:\d/);
      const end = txEnd(env.XDG_STATE_HOME);
      expect(end, `${why}: the journal ends the transaction`).toBeDefined();
      // Exit 0 only when it committed (a retried 503 may still commit).
      expect(r.code === 0, `${why}: exit ${r.code} ${r.err}`).toBe(end!.state === 'committed');
      const now = observeShaped(router.state);
      if (end!.state === 'committed') expect(now, why).toBe(s.after);
      else if (end!.state === 'reverted') expect(now, `${why}: reverted (${end!.note})`).toBe(s.before);
      else expect.fail(`${why}: unsettled: ${end!.note}`);
    },
  );
});
