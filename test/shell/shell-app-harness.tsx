// The interactive shell rendered with ink-testing-library against a real router simulator and
// a telemetry simulator, as ShellApp.test.tsx and ShellApp-slow.wait.test.tsx drive it: a file
// calls shellAppHarness() once at its top (it registers the hooks that start and close them).
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Session } from '../../src/session/session.js';
import { ShellApp } from '../../src/shell/ShellApp.js';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { startTelemetrySim, type TelemetrySim } from '../../sim/telemetry/index.js';
import { plain, waitFor } from '../helpers/ink.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';

export type Rendered = ReturnType<typeof render>;

export interface ShellAppHarness {
  readonly sim: RouterSim;
  readonly tele: TelemetrySim;
  /** The lines the shell gave its history recorder since the last start(). */
  readonly recorded: readonly string[];
  /** Whether the shell called onExit since the last start(). */
  readonly exited: boolean;
  start(history?: string[], fleet?: Session['fleet']): Promise<Rendered>;
  /** A new element each time (new callbacks), as a parent re-rendering the shell would make. */
  element(history?: string[]): React.JSX.Element;
  /** Everything written so far (static scrollback and the live frame), without ANSI codes. */
  screen(a: Rendered): string;
  live(a: Rendered): string;
  typed(a: Rendered, text: string, expectLive: RegExp | string): Promise<string>;
  /** The simulator's requests other than GET, as "METHOD url". */
  posts(): string[];
}

export function shellAppHarness(): ShellAppHarness {
  let sim: RouterSim;
  let tele: TelemetrySim;
  let session: Session | undefined;
  let app: Rendered | undefined;
  let recorded: string[] = [];
  let exited = false;

  beforeAll(async () => {
    [sim, tele] = await Promise.all([startRouterSim(), startTelemetrySim()]);
  });
  afterAll(() => Promise.all([sim.close(), tele.close()]));
  afterEach(async () => {
    // A test's slow or silent router ends with it.
    sim.faults.clear();
    app?.unmount();
    app = undefined;
    await session?.close();
  });

  const element = (history: string[] = []) => (
    <ShellApp
      session={session!}
      history={history}
      recordHistory={(l) => recorded.push(l)}
      color={false}
      onExit={() => {
        exited = true;
      }}
    />
  );
  const live = (a: Rendered) => plain(a.lastFrame());
  return {
    get sim() {
      return sim;
    },
    get tele() {
      return tele;
    },
    get recorded() {
      return recorded;
    },
    get exited() {
      return exited;
    },
    async start(history: string[] = [], fleet?: Session['fleet']) {
      recorded = [];
      exited = false;
      let s = await testSession(
        simConfig(sim.url, { telemetryUrl: tele.url, telemetryKey: tele.keys.demo }),
        { interactive: true, warn: () => {}, width: () => 100 },
      );
      // The label is the session's prototype's (session.ts OpenSession): a spread does not copy it.
      if (fleet) s = { ...s, label: s.label, fleet };
      session = s;
      app = render(element(history));
      return app;
    },
    element,
    screen: (a) => plain(a.frames.join('\n')),
    live,
    typed(a, text, expectLive) {
      a.stdin.write(text);
      return waitFor(() => {
        const f = live(a);
        if (typeof expectLive === 'string' ? !f.includes(expectLive) : !expectLive.test(f))
          throw new Error(`live frame:\n${f}`);
        return f;
      });
    },
    posts: () => sim.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`),
  };
}
