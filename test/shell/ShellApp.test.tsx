// The interactive shell rendered with ink-testing-library against a real router simulator:
// typing, Tab, `?`, colouring, errors with a caret, history, Ctrl-R, Ctrl-C, paste, contexts.
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/session.js';
import { testSession } from '../helpers/session.js';
import { ShellApp } from '../../src/shell/ShellApp.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { KEYS, plain, waitFor } from '../helpers/ink.js';
import { simConfig } from '../helpers/sim-config.js';

let sim: RouterSim;
let tele: TelemetrySim;
let session: Session;

beforeAll(async () => {
  [sim, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
});
afterAll(() => Promise.all([sim.close(), tele.close()]));

type Rendered = ReturnType<typeof render>;
let app: Rendered | undefined;
let recorded: string[] = [];
let exited = false;

async function start(history: string[] = [], fleet?: Session['fleet']): Promise<Rendered> {
  recorded = [];
  exited = false;
  session = await testSession(simConfig(sim.url, { telemetryUrl: tele.url, telemetryKey: tele.keys.demo }), {
    interactive: true,
    warn: () => {},
    width: () => 100,
  });
  // The label is the session's prototype's (session.ts OpenSession): a spread does not copy it.
  if (fleet) session = { ...session, label: session.label, fleet };
  app = render(element(history));
  return app;
}

// A new element each time (new callbacks), as a parent re-rendering the shell would make.
const element = (history: string[] = []) => (
  <ShellApp
    session={session}
    history={history}
    recordHistory={(l) => recorded.push(l)}
    color={false}
    onExit={() => {
      exited = true;
    }}
  />
);

afterEach(async () => {
  app?.unmount();
  app = undefined;
  await session?.close();
});

/** Everything written so far (static scrollback and the live frame), without ANSI codes. */
const screen = (a: Rendered) => plain(a.frames.join('\n'));
const live = (a: Rendered) => plain(a.lastFrame());

async function typed(a: Rendered, text: string, expectLive: RegExp | string) {
  a.stdin.write(text);
  return waitFor(() => {
    const f = live(a);
    if (typeof expectLive === 'string' ? !f.includes(expectLive) : !expectLive.test(f))
      throw new Error(`live frame:\n${f}`);
    return f;
  });
}

const posts = () => sim.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

describe('ShellApp', () => {
  it('shows the prompt and completes a unique prefix with a blank', async () => {
    const a = await start();
    await waitFor(() => expect(live(a)).toContain('admin@127.0.0.1>'));
    await typed(a, 'int', 'admin@127.0.0.1> int');
    await typed(a, '\t', '<ifname.vlanid>');
    // The blank after the completed word: the next character starts a new word.
    await typed(a, 'e', 'admin@127.0.0.1> interface e');
  });

  it('second Tab lists configured interfaces with their marker; ? lists ping options', async () => {
    const a = await start();
    await typed(a, 'interface ', '<ifname.vlanid>');
    await typed(a, '\t', /eth0/);
    expect(live(a)).toMatch(/eth1\s+\*/);
    expect(live(a)).toContain('<ifname.vlanid>');
    // No common prefix: the line is unchanged (no stray opening quote).
    expect(live(a)).toMatch(/> interface\s*$/m);
    a.stdin.write('\u0015'); // Ctrl-U clears the line and closes the menu
    await typed(a, 'ping 10.0.0.1 ', 'ping 10.0.0.1');
    await typed(a, '?', /count/);
    expect(live(a)).toMatch(/numeric\s+flag/);
    expect(live(a)).toMatch(/ping 10\.0\.0\.1\s*$/m); // `?` did not change the line
  });

  it('a `?` inside quotes is literal', async () => {
    const a = await start();
    await typed(a, 'interface eth0 description "why?', 'description "why?');
  });

  it('runs a command, shows its output and sends exactly one POST', async () => {
    const a = await start();
    const before = posts().length;
    await typed(a, 'show interface', 'show interface');
    a.stdin.write('\r');
    await waitFor(() => expect(screen(a)).toMatch(/eth0\s+UP/));
    expect(posts().length).toBe(before + 1);
    expect(recorded).toEqual(['show interface']);
  });

  it('a mistyped value gets a caret and one error line, and nothing is sent', async () => {
    const a = await start();
    await typed(a, 'ping 10.0.0.300', 'ping 10.0.0.300');
    await waitFor(() => expect(live(a)).toMatch(/invalid value '10\.0\.0\.300'/)); // live hint
    const before = posts().length;
    a.stdin.write('\r');
    await waitFor(() => expect(screen(a)).toMatch(/\^{10}\n% invalid value/));
    expect(posts().length).toBe(before);
  });

  it('edit enters a context shown in the prompt; up and top leave it', async () => {
    const a = await start();
    await typed(a, 'edit interface eth0', 'edit interface eth0');
    a.stdin.write('\r');
    await waitFor(() => expect(live(a)).toContain('admin@127.0.0.1(interface eth0)>'));
    await typed(a, 'mtu 1400', 'mtu 1400');
    a.stdin.write('\r');
    await waitFor(() => expect(posts()).toContain('POST /api/interface/eth0/mtu/1400'));
    await typed(a, 'top', '> top');
    a.stdin.write('\r');
    await waitFor(() => expect(live(a)).toMatch(/admin@127\.0\.0\.1>\s*$/));
  });

  it('Up recalls history; Ctrl-R finds an older line', async () => {
    const a = await start(['show hostname', 'ping 10.0.0.2 count 1', 'describe interface']);
    await waitFor(() => expect(live(a)).toContain('>'));
    a.stdin.write(KEYS.up);
    await waitFor(() => expect(live(a)).toContain('> describe interface'));
    a.stdin.write('\u0015');
    a.stdin.write('\u0012'); // Ctrl-R
    await typed(a, 'ping', /reverse-i-search.*ping 10\.0\.0\.2 count 1/);
    a.stdin.write('\r');
    await waitFor(() => expect(live(a)).toContain('> ping 10.0.0.2 count 1'));
  });

  it('Ctrl-C clears the line; Ctrl-D on an empty line exits', async () => {
    const a = await start();
    await typed(a, 'interface eth9', 'interface eth9');
    a.stdin.write('\u0003');
    await waitFor(() => expect(screen(a)).toContain('interface eth9^C'));
    a.stdin.write('\u0004');
    await waitFor(() => expect(exited).toBe(true));
  });

  it('Ctrl-C cancels a slow request and returns to the prompt', async () => {
    const a = await start();
    await typed(a, 'show hostname', 'show hostname');
    sim.faults.set({ latencyMs: 5000 });
    try {
      a.stdin.write('\r');
      await waitFor(() => expect(live(a)).toMatch(/waiting for the router/), 3000);
      a.stdin.write('\u0003');
      await waitFor(() => expect(screen(a)).toMatch(/% cancelled/));
    } finally {
      sim.faults.clear();
    }
  });

  it('keys typed while a request runs are kept and appear at the prompt afterwards', async () => {
    const a = await start();
    await typed(a, 'show hostname', 'show hostname');
    sim.faults.set({ latencyMs: 300 });
    try {
      a.stdin.write('\r');
      await waitFor(() => expect(live(a)).toMatch(/waiting for the router/), 3000);
      a.stdin.write('show ver');
      a.stdin.write('\u0001'); // Ctrl-A, replayed too
      await waitFor(() => expect(screen(a)).toMatch(/^router$/m));
      await waitFor(() => expect(live(a)).toMatch(/> show ver\s*$/m));
      await typed(a, 'X', '> Xshow ver');
    } finally {
      sim.faults.clear();
    }
  });

  it('keys typed while Tab waits for a slow router act after its answer: sh Tab int is show int', async () => {
    const a = await start();
    await waitFor(() => expect(live(a)).toContain('admin@127.0.0.1>'));
    sim.faults.set({ latencyMs: 300 });
    try {
      a.stdin.write('sh');
      a.stdin.write('\t');
      a.stdin.write('int');
      await waitFor(() => expect(live(a)).toMatch(/> show int\s*$/m), 3000);
    } finally {
      sim.faults.clear();
    }
  });

  it("a Tab that waits tells the fleet's budget when its key was read, and when its wait is over", async () => {
    // The fleet shell's hosts are waited for 200 ms from the Tab's key (fleet-metadata.ts), not
    // from the lookup's start, which comes after the keys read with it and their frame.
    const keyAt: Array<number | undefined> = [];
    const a = await start([], {
      note: () => undefined,
      keyAt: (at) => keyAt.push(at),
      run: () => Promise.reject(new Error('not in this test')),
    });
    await waitFor(() => expect(live(a)).toContain('admin@127.0.0.1>'));
    const before = performance.now();
    // The word and the Tab in one read: the time is the read's, before the Tab's own key.
    a.stdin.write('interface \t');
    const after = performance.now();
    await waitFor(() => expect(live(a)).toContain('<ifname.vlanid>'));
    expect(keyAt).toHaveLength(2);
    expect(keyAt[0]).toBeGreaterThanOrEqual(before);
    expect(keyAt[0]).toBeLessThanOrEqual(after);
    expect(keyAt[1]).toBeUndefined();
  });

  it('a silent router does not swallow the keys typed after Tab; Ctrl-C ends the wait and clears the line', async () => {
    const a = await start();
    await waitFor(() => expect(live(a)).toContain('admin@127.0.0.1>'));
    sim.faults.set({ latencyMs: 20_000 });
    try {
      a.stdin.write('sh');
      a.stdin.write('\t');
      a.stdin.write('ow');
      // Held, then given back when the wait ends (tab-hold.ts HOLD_MS): typed as they came.
      await waitFor(() => expect(live(a)).toMatch(/> show\s*$/m), 4000);
      a.stdin.write('\t');
      a.stdin.write('x');
      a.stdin.write('\u0003');
      await waitFor(() => expect(screen(a)).toMatch(/> showx\^C/), 3000);
      await typed(a, 'y', /> y\s*$/m);
    } finally {
      sim.faults.clear();
    }
  });

  it('a pasted block is checked first: a wrong line means nothing runs', async () => {
    const a = await start();
    await waitFor(() => expect(live(a)).toContain('>'));
    const before = posts().length;
    a.stdin.write('\u001b[200~interface eth20\nping 1.2.3\ninterface eth21\n\u001b[201~');
    await waitFor(() => expect(screen(a)).toMatch(/pasted 3 commands; 1 wrong, nothing run/));
    expect(screen(a)).toMatch(/% line 2: /);
    expect(posts().length).toBe(before);
    a.stdin.write('\u001b[200~interface eth22\nshow interface\n\u001b[201~');
    await waitFor(() => expect(screen(a)).toMatch(/eth22\s+UP/));
    expect(posts()).toContain('POST /api/interface/eth22');
  });

  it('without paste markers: a long run read at once is one checked block; a short one is typed', async () => {
    const a = await start();
    await waitFor(() => expect(live(a)).toContain('>'));
    // A terminal without bracketed paste: the lines arrive in one read, CR between them.
    const lines = 'interface eth30\rinterface eth31\rinterface eth30 mtu 1400\rshow interface\r';
    expect(lines.length).toBeGreaterThan(64);
    a.stdin.write(lines);
    await waitFor(() => expect(screen(a)).toMatch(/pasted 4 commands/));
    await waitFor(() => expect(screen(a)).toMatch(/eth30\s+UP\s+1400/));
    expect(posts()).toContain('POST /api/interface/eth30/mtu/1400');
    // Typed keys read at once (a slow link) edit as typed: Backspace, Ctrl-A, Ctrl-E, Enter.
    a.stdin.write('ow intx\u007ferface eth31\u0001sh\u0005\r');
    await waitFor(() => expect(screen(a)).toMatch(/> show interface eth31\n/));
    expect(screen(a)).not.toMatch(/pasted 1 command/);
  });

  it('completes telemetry words from the discovery endpoints, then keeps typing', async () => {
    const a = await start();
    await typed(a, 'metrics query pkts_d', 'metrics query pkts_d');
    await typed(a, '\t', 'metrics query pkts_down');
    await typed(a, 'xyz', /pkts_down\s?xyz/);
  });

  it('a chart pane fetches once however often the shell re-renders; r fetches once more; q returns', async () => {
    const a = await start();
    const ranges = () => tele.requests.filter((r) => r.url.endsWith('query-range')).length;
    const before = ranges();
    await typed(a, 'metrics range "rate(pkts_down[5m])" since 1h', 'since 1h');
    a.stdin.write('\r');
    await waitFor(() => expect(live(a)).toContain('refreshed'));
    // Re-renders spaced out so that a refetch they caused would reach the simulator.
    for (let i = 0; i < 3; i++) {
      a.rerender(element());
      a.stdout.emit('resize');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ranges() - before).toBe(1);
    a.stdin.write('r');
    await waitFor(() => expect(ranges() - before).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(live(a)).toContain('refreshed'));
    expect(ranges() - before).toBe(2);
    a.stdin.write('q');
    await waitFor(() => expect(live(a)).toMatch(/admin@127\.0\.0\.1>\s*$/));
    await typed(a, 'show hostname', '> show hostname');
  });
});
