// Expressions typed at the interactive prompt reach the server byte for byte: quotes, blanks,
// `|`, and a `?` inside a quoted regex, which is text there and not the help key.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { type TelemetrySim, startTelemetrySim } from '../../sim/telemetry/index.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

let router: RouterSim;
let tele: TelemetrySim;
let term: Tmux | undefined;
beforeAll(async () => {
  [router, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
});
afterAll(() => Promise.all([router.close(), tele.close()]));
afterEach(() => term?.kill());

const PROMPT = /admin@127\.0\.0\.1>\s*$/m;
const sent = (suffix: string) =>
  tele.requests.filter((r) => r.url.endsWith(suffix)).map((r) => JSON.parse(r.body ?? '{}'));

function shell(): Tmux {
  term = new Tmux(120, 40);
  term.start(`node ${BIN}`, {
    ROUTERSH_ROUTER: router.url,
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'admin',
    ROUTERSH_TELEMETRY_URL: tele.url,
    ROUTERSH_TELEMETRY_KEY: tele.keys.demo,
    XDG_STATE_HOME: '/tmp/routersh-e2e-expr-state',
  });
  return term;
}

describe.skipIf(!hasTmux())('expressions typed in the shell', () => {
  it('a MetricsQL regex with ? and quotes arrives as typed', async () => {
    const t = shell();
    await t.waitFor(PROMPT);
    const expr = 'sum by (grp) (rate(pkts_down{grp=~"busi(ness)?"}[5m]))';
    t.type(`metrics query ${expr}`);
    await t.waitFor((s) => s.includes('(ness)?"}[5m]))'));
    t.keys('Enter');
    await t.waitFor(/grp="business"/);
    expect(sent('/metrics/query').at(-1)?.expression).toBe(expr);
  });

  it('a LogsQL query with a pipe and a ? in a quoted regex opens the pane with that query', async () => {
    const t = shell();
    await t.waitFor(PROMPT);
    const query = '_msg:~"hold (timer)?" | limit 3';
    t.type(`logs search ${query} since 6h`);
    await t.waitFor((s) => s.includes('(timer)?" | limit 3 since 6h'));
    t.keys('Enter');
    await t.waitFor(/q back/);
    // The pane asks once it is drawn.
    const deadline = Date.now() + 5000;
    while (sent('/logs/search').length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(sent('/logs/search').at(-1)?.query).toBe(query);
    t.type('q');
    await t.waitFor(PROMPT);
  });
});
