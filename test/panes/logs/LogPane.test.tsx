import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoutershError } from '../../../src/errors.js';
import { LogPane } from '../../../src/panes/logs/LogPane.js';
import { KEYS, renderWithKeys, waitFor, waitForFrame } from '../../helpers/ink.js';
import { BASE, type FakeLogSource, fakeLogSource, rec } from './fake-source.js';

afterEach(() => cleanup());

const NOW = BASE + 3600_000;
const range = (n: number) => Array.from({ length: n }, (_, i) => rec(i));

function pane(source: FakeLogSource, extra: { pollMs?: number; rows?: number; follow?: boolean } = {}) {
  const onClose = vi.fn();
  const r = renderWithKeys(
    <LogPane
      source={source}
      query="service_name:bgpd"
      range={extra.follow === false ? { startMs: BASE - 1000, endMs: NOW } : { sinceMs: 2 * 3600_000 }}
      onClose={onClose}
      pageSize={100}
      pollMs={extra.pollMs ?? 60_000}
      now={() => NOW}
      utc
      {...(extra.rows !== undefined && { rows: extra.rows })}
    />,
  );
  return { ...r, onClose };
}

const count = (frame: string, text: string) => frame.split(text).length - 1;
const status = (frame: string) => frame.split('\n').at(-1)!;

describe('LogPane', () => {
  it('is exactly rows − 1 tall and shows the newest record at the bottom', async () => {
    const source = fakeLogSource(range(1000));
    const { lastFrame } = pane(source, { rows: 20 });
    const f = await waitForFrame(lastFrame, (x) => x.includes('message 999'));
    const lines = f.split('\n');
    expect(lines).toHaveLength(19);
    expect(lines[0]).toContain('logs service_name:bgpd · 100 records loaded');
    expect(lines).toContain('12:16:39.000 INFO  bgpd message 999');
    expect(lines[lines.length - 2]).toBe('12:16:39.000 INFO  bgpd message 999');
    expect(lines.at(-1)).toMatch(/^following · /);
    // Level colours: error red.
    expect(lastFrame()).toContain('\u001b[31m ERROR');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
  });

  it('pages with PgUp/PgDn and fetches the next older page at the top, once per offset', async () => {
    const source = fakeLogSource(range(250));
    const { lastFrame, stdin } = pane(source, { follow: false });
    await waitForFrame(lastFrame, (x) => x.includes('message 249'));
    expect(source.calls[0]).toMatchObject({ limit: 100, offset: 0, endMs: NOW });
    stdin.write(KEYS.pageUp);
    await waitForFrame(lastFrame, (x) => !x.includes('message 249'));
    for (let i = 0; i < 6; i++) stdin.write(KEYS.pageUp);
    await waitForFrame(lastFrame, (x) => x.includes('200 records loaded'));
    expect(source.calls.filter((c) => c.offset === 100)).toHaveLength(1);
    stdin.write(KEYS.home);
    await waitForFrame(lastFrame, (x) => x.includes('message 50\n'));
    stdin.write(KEYS.pageUp);
    await waitForFrame(lastFrame, (x) => x.includes('250 records loaded'));
    stdin.write(KEYS.pageUp); // nothing older: no request
    stdin.write(KEYS.home);
    const f = await waitForFrame(lastFrame, (x) => x.includes('message 0\n'));
    expect(f).toContain('all loaded');
    expect(source.calls.filter((c) => c.offset === 200)).toHaveLength(1);
    expect(source.calls).toHaveLength(3);
    stdin.write(KEYS.end);
    await waitForFrame(lastFrame, (x) => x.includes('message 249'));
    stdin.write(KEYS.pageDown);
  });

  it('follows new records without duplicates, and says when nothing is new', async () => {
    const source = fakeLogSource(range(50));
    const { lastFrame } = pane(source, { pollMs: 20 });
    await waitForFrame(lastFrame, (x) => /following · waiting for logs… last poll \d\d:\d\d:\d\d/.test(x));
    // Same _time as the newest record but different content, then newer ones.
    source.add(rec(49, { message: 'same time, other record' }), rec(50), rec(51));
    const f = await waitForFrame(lastFrame, (x) => x.includes('message 51'));
    expect(count(f, 'message 49\n')).toBe(1);
    expect(count(f, 'message 50\n')).toBe(1);
    expect(f).toContain('same time, other record');
    expect(f).toContain('53 records loaded');
    await waitFor(() => expect(source.calls.at(-1)!.startMs).toBe(BASE + 51_000));
  });

  it('scrolling up pauses follow; End resumes it and shows what arrived', async () => {
    const source = fakeLogSource(range(100));
    const { lastFrame, stdin } = pane(source, { pollMs: 20 });
    await waitForFrame(lastFrame, (x) => x.includes('last poll'));
    stdin.write(KEYS.up);
    await waitForFrame(lastFrame, (x) => x.includes('paused (End follows) · 1 newer below'));
    source.add(rec(100, { message: 'arrived while paused' }));
    stdin.write('w');
    await waitForFrame(lastFrame, (x) => x.includes('· wrap'));
    stdin.write(KEYS.end);
    await waitForFrame(lastFrame, (x) => x.includes('arrived while paused') && x.includes('following'));
  });

  it('keys read at once are each applied: `kkk` scrolls three rows, `jj` two back', async () => {
    const source = fakeLogSource(range(100));
    const { lastFrame, stdin } = pane(source);
    await waitForFrame(lastFrame, (x) => x.includes('message 99'));
    stdin.write('kkk');
    await waitForFrame(lastFrame, (x) => x.includes('3 newer below'));
    stdin.write('jj');
    await waitForFrame(lastFrame, (x) => x.includes('1 newer below'));
  });

  it('w toggles wrapping of long lines', async () => {
    const long = `${'x'.repeat(150)}TAIL`;
    const source = fakeLogSource([rec(1, { message: long })]);
    const { lastFrame, stdin } = pane(source, { follow: false });
    let f = await waitForFrame(lastFrame, (x) => x.includes('xxxxx'));
    expect(f).not.toContain('TAIL');
    stdin.write('w');
    f = await waitForFrame(lastFrame, (x) => x.includes('TAIL'));
    expect(f.split('\n').filter((l) => l.includes('xxxx'))).toHaveLength(2);
    stdin.write('w');
    await waitForFrame(lastFrame, (x) => !x.includes('TAIL'));
  });

  it('/ opens a highlight prompt: Enter applies, Esc cancels', async () => {
    const source = fakeLogSource(range(30));
    const { lastFrame, stdin } = pane(source, { follow: false });
    await waitForFrame(lastFrame, (x) => x.includes('message 29'));
    stdin.write('/');
    await waitForFrame(lastFrame, (x) => status(x).startsWith('/█'));
    stdin.write('mess');
    stdin.write('q'); // typed into the prompt, does not close
    stdin.write(KEYS.backspace);
    await waitForFrame(lastFrame, (x) => status(x).startsWith('/mess█'));
    stdin.write(KEYS.enter);
    await waitForFrame(lastFrame, (x) => status(x).includes('highlight "mess"'));
    // The word is shown inverse in the visible lines.
    expect(lastFrame()).toMatch(/\u001b\[7mmess\u001b\[27mage 29/);
    stdin.write('/');
    stdin.write('zzz');
    await waitForFrame(lastFrame, (x) => status(x).startsWith('/messzzz█'));
    stdin.write(KEYS.escape);
    await waitForFrame(lastFrame, (x) => status(x).includes('highlight "mess"'));
  });

  it('f toggles the facets panel; q closes', async () => {
    const source = fakeLogSource(range(10), [
      {
        field: 'level',
        values: [
          { value: 'info', hits: 9 },
          { value: 'error', hits: 1 },
        ],
      },
    ]);
    const { lastFrame, stdin, onClose } = pane(source, { follow: false });
    await waitForFrame(lastFrame, (x) => x.includes('message 9'));
    stdin.write('f');
    const f = await waitForFrame(lastFrame, (x) => x.includes('│level'));
    expect(f).toMatch(/│ {2}info +9/);
    expect(f).toMatch(/│ {2}error +1/);
    stdin.write('f');
    await waitForFrame(lastFrame, (x) => !x.includes('│level'));
    stdin.write('q');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('draws the histogram strip and shows errors in the status line', async () => {
    const source = fakeLogSource(range(20));
    const { lastFrame, stdin } = pane(source, { follow: false });
    await waitForFrame(lastFrame, (x) => x.split('\n')[1]!.includes('█'));
    source.fail = new RoutershError('telemetry', 'logs:read scope missing', { code: 'forbidden' });
    for (let i = 0; i < 3; i++) stdin.write(KEYS.pageUp);
    stdin.write(KEYS.up);
    const none = await waitForFrame(lastFrame, (x) => x.includes('fixed range'));
    expect(none).not.toContain('error:');
  });

  it('shows source errors as error: <message>', async () => {
    const source = fakeLogSource([]);
    source.fail = new RoutershError('telemetry', 'logs:read scope missing', { code: 'forbidden' });
    const { lastFrame } = pane(source);
    await waitForFrame(lastFrame, (x) => x.includes('error: logs:read scope missing'));
  });
});
