// A dashboard against servers that are not our simulators: the node:http reference router and
// the hostile harness's telemetry API (valid answers, its own data: `up{job="router"}`, records
// named `record N`), through the built binary in tmux: `dashboard FILE` in the shell, and
// `routersh dash FILE` once commands/dash.ts (the lead's glue to dash-open.ts) is in.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceRouter, startReferenceRouter } from '../hostile/reference-router.js';
import { type HostileTelemetry, startHostileTelemetry } from '../hostile/telemetry.js';
import { BIN, hasTmux, ROOT, Tmux } from './tmux.js';

let router: ReferenceRouter;
let tele: HostileTelemetry;
let term: Tmux | undefined;
beforeAll(async () => {
  [router, tele] = await Promise.all([startReferenceRouter(), startHostileTelemetry({ records: 40 })]);
});
afterAll(() => Promise.all([router.close(), tele.close()]));
afterEach(() => term?.kill());

const dir = mkdtempSync(join(tmpdir(), 'routersh-dash-ref-'));
const FILE = join(dir, 'ref.yaml');
writeFileSync(
  FILE,
  `title: Reference
time: 1h
refresh: off
panels:
  - chart: up
    title: Up
  - stat: up
    title: Up now
  - logs: '*'
    title: Records
  - histogram: '*'
    title: Histogram
`,
);

const ENV = {
  ROUTERSH_USER: 'admin',
  ROUTERSH_PASSWORD: 'admin',
  ROUTERSH_TELEMETRY_KEY: 'tk_reference_dash',
  XDG_STATE_HOME: '/tmp/routersh-e2e-dash-ref-state',
};
const env = () => ({ ...ENV, ROUTERSH_ROUTER: router.url, ROUTERSH_TELEMETRY_URL: tele.url });
const drawn = (s: string) =>
  s.includes('job=router') && /record \d+/.test(s) && /│1\s+/.test(s) && s.includes('records');

describe.skipIf(!hasTmux())('a dashboard against the reference servers', () => {
  it('dashboard FILE in the shell draws every panel; q returns', async () => {
    term = new Tmux(120, 40);
    term.start(`node ${BIN}`, env());
    await term.waitFor(/admin@127\.0\.0\.1>\s*$/m);
    term.type(`dashboard ${FILE}`);
    term.keys('Enter');
    const s = await term.waitFor(drawn, 15_000);
    expect(s).toMatch(/┏━ Up /);
    expect(s).not.toMatch(/error:/);
    // Each panel asked once for its window (refresh off: nothing more).
    const paths = tele.requests.map((r) => new URL(r.url, 'http://x').pathname);
    expect(paths.filter((p) => p.endsWith('/metrics/query'))).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith('/logs/search'))).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith('/logs/histogram'))).toHaveLength(1);
    term.type('q');
    await term.waitFor(/admin@127\.0\.0\.1>\s*$/m);
  });

  it.skipIf(!existsSync(join(ROOT, 'src/commands/dash.ts')))(
    'routersh dash FILE opens it at once; q leaves',
    async () => {
      term = new Tmux(120, 40);
      term.start(`node ${BIN} dash ${FILE}`, env());
      await term.waitFor(drawn, 15_000);
      term.type('q');
      await term.waitFor(/\[exited 0\]/);
    },
  );
});
