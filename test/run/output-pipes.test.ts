// A line with output pipes runs its command (sent once, without the pipe) and reports what the
// pipes say; a wrong pipe is refused before anything is sent. Against the router simulator,
// in-process and through the built binary (-c, stdin), and in a checked paste.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPaste } from '../../src/run/paste.js';
import { runPiped } from '../../src/run/output-pipes.js';
import type { Session } from '../../src/session/session.js';
import { testSession } from '../helpers/session.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { runCommand } from '../helpers/command-io.js';
import { simConfig } from '../helpers/sim-config.js';

let sim: RouterSim;
let session: Session;
beforeAll(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url), { interactive: false, warn: () => {}, width: () => 100 });
});
afterAll(async () => {
  await session.close();
  await sim.close();
});

const posts = () => sim.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
const signal = new AbortController().signal;

describe('runPiped', () => {
  it('`| no-more` runs the command once and turns paging off; without it, paging is on', async () => {
    const before = posts().length;
    const piped = await runPiped('show interface | no-more', { context: [] }, session.services, signal);
    expect(piped.page).toBe(false);
    expect(piped.outcome.kind).toBe('router');
    expect(posts().slice(before)).toEqual(['POST /api/interface']);
    const plain = await runPiped('show interface', { context: [] }, session.services, signal);
    expect(plain.page).toBe(true);
  });

  it('an unknown pipe is an error with its column, and nothing is sent', async () => {
    const before = posts().length;
    const { outcome } = await runPiped('show interface | mor3', { context: [] }, session.services, signal);
    expect(outcome).toMatchObject({ kind: 'error', at: { column: 17, length: 4 } });
    expect(posts().length).toBe(before);
  });

  it('a pasted block: a wrong pipe is a wrong line; a right one checks', async () => {
    const resolve = session.services.resolve;
    const bad = await checkPaste('show interface | x\nshow hostname | no-more\n', [], resolve, signal);
    expect(bad.bad.map((b) => [b.n, b.message])).toEqual([[1, expect.stringMatching(/unknown pipe 'x'/)]]);
  });
});

describe('batch', () => {
  it('-c and stdin accept `| no-more` (batch never pages) and refuse an unknown pipe', async () => {
    const env = { ROUTERSH_ROUTER: sim.url, ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
    const ok = await runCommand(['-c', 'show interface | no-more'], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/eth0\s+UP/);
    const piped = await runCommand([], env, 'show interface | no-more\n');
    expect(piped.stdout).toMatch(/eth0\s+UP/);
    const bad = await runCommand(['-c', 'show interface | nope'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/unknown pipe 'nope'/);
  });
});

describe('| save of a token', () => {
  it('output holding a token is saved 0600; other output 0644', async () => {
    const { mkdtempSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'routersh-save-'));
    const services = session.services;
    const tokenFile = join(dir, 'token.txt');
    // `system user automation api create-token` answers a JWT.
    const r = await runPiped(
      `system user automation api create-token | save ${tokenFile}`,
      { context: [] },
      services,
      signal,
    );
    expect(r.outcome.kind, JSON.stringify(r.outcome)).not.toBe('error');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const plain = join(dir, 'plain.txt');
    await runPiped(`show interface | save ${plain}`, { context: [] }, services, signal);
    expect(statSync(plain).mode & 0o777).toBe(0o644);
  });
});
