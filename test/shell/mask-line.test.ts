// What the screen shows of a typed line under --record / play, read with the router simulator's
// metadata as history reads it: secret values become *s of the same length, the rest is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import type { Session } from '../../src/session/session.js';
import { testSession } from '../helpers/session.js';
import { lineMask } from '../../src/shell/mask-line.js';
import { lineSecrets } from '../../src/lang/secrets.js';
import { simConfig } from '../helpers/sim-config.js';

let sim: RouterSim;
let session: Session;

beforeAll(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url), { interactive: false, warn: () => {} });
  // The metadata the shell would have read while the line was typed.
  for (const line of ['system user bob password x', 'ipv4 firewall match-list blacklist key net'])
    await session.services.resolve(line, [], AbortSignal.timeout(5000)).catch(() => {});
});
afterAll(async () => {
  await session.close();
  await sim.close();
});

describe('lineMask', () => {
  it('masks the value after a secret-like word, typed whole or abbreviated, keeping the length', () => {
    const mask = lineMask(session.cache);
    expect(mask('system user bob password hunter22', [])).toBe('system user bob password ********');
    expect(mask('system user bob pa hunter22', [])).toBe('system user bob pa ********');
    expect(mask('system user bob password', [])).toBe('system user bob password');
    expect(mask('show interface', [])).toBe('show interface');
    expect(mask('', [])).toBe('');
    // In an `edit system user bob password` context the first word is the secret.
    expect(mask('hunter22', ['system', 'user', 'bob', 'password'])).toBe('********');
  });

  it('classifies an unchanged line once, and again when the metadata changes', async () => {
    let peeks = 0;
    const cache = session.cache;
    const view = {
      peek: (w: readonly string[]) => {
        peeks++;
        return cache.peek(w);
      },
      current: (w: readonly string[]) => {
        peeks++;
        return cache.current(w);
      },
      get changes() {
        return cache.changes;
      },
    };
    const mask = lineMask(view);
    const line = 'system user bob password hunter22';
    expect(mask(line, [])).toBe('system user bob password ********');
    const once = peeks;
    expect(once).toBeGreaterThan(0);
    // A frame that draws the same line (Tab, a move in the menu) reads no metadata.
    expect(mask(line, [])).toBe('system user bob password ********');
    expect(peeks).toBe(once);
    // Another context is another line.
    expect(mask('hunter22', ['system', 'user', 'bob', 'password'])).toBe('********');
    expect(peeks).toBeGreaterThan(once);
    // Metadata changed since (our own write marks it): classified again.
    mask(line, []);
    const again = peeks;
    session.cache.invalidate(['system', 'user', 'bob']);
    mask(line, []);
    expect(peeks).toBeGreaterThan(again);
  });

  it('draws a line typed before its metadata as the metadata says once it is in, the line unchanged', async () => {
    const fresh = await testSession(simConfig(sim.url), { interactive: false, warn: () => {} });
    try {
      const mask = lineMask(fresh.cache);
      // `key` names a secret until the metadata says this one is a match-list's key field.
      const line = 'ipv4 firewall match-list blacklist key net';
      expect(mask(line, [])).toBe('ipv4 firewall match-list blacklist key ***');
      await fresh.services.resolve(line, [], AbortSignal.timeout(5000)).catch(() => {});
      expect(mask(line, [])).toBe(line);
    } finally {
      await fresh.close();
    }
  });

  it('gives the values history would redact, for the recording to keep out of later output', () => {
    expect(
      lineSecrets('system user bob password "two words"', { cache: session.cache, context: [] }),
    ).toEqual(['"two words"', 'two words']);
  });
});
