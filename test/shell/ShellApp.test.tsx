// The interactive shell rendered with ink-testing-library against a real router simulator:
// typing, Tab, `?`, colouring, errors with a caret, history, Ctrl-R, Ctrl-C, paste, contexts.
// What waits on a slow or silent router is in ShellApp-slow.wait.test.tsx.
import { describe, expect, it } from 'vitest';
import { KEYS, waitFor } from '../helpers/ink.js';
import { shellAppHarness } from './shell-app-harness.js';

const h = shellAppHarness();
const { start, element, screen, live, typed, posts } = h;

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
    expect(h.recorded).toEqual(['show interface']);
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
    await waitFor(() => expect(h.exited).toBe(true));
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
    const ranges = () => h.tele.requests.filter((r) => r.url.endsWith('query-range')).length;
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
