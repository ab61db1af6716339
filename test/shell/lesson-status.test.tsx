// A lesson in the interactive shell: `learn NAME` shows the status line above the prompt; a
// command that passes the step prints the mark and the next step, and the line moves on; a
// wrong command leaves it where it was.
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSims, type Sims } from '../../src/session/demo.js';
import type { LessonProgress } from '../../src/features/lessons/types.js';
import type { Session } from '../../src/session/session.js';
import { testSession } from '../helpers/session.js';
import { ShellApp } from '../../src/shell/ShellApp.js';
import { plain, waitFor } from '../helpers/ink.js';
import { simConfig } from '../helpers/sim-config.js';
import { memoryStore } from '../features/lessons/lesson-rig.js';

let sims: Sims;
let session: Session;
let app: ReturnType<typeof render>;
const saved = new Map<string, LessonProgress>();

beforeEach(async () => {
  sims = await startSims({ host: '127.0.0.1', port: 0, telemetryPort: 0 });
  session = await testSession(simConfig(sims.router.url), {
    interactive: true,
    warn: () => {},
    width: () => 100,
    lessons: memoryStore(saved),
  });
  app = render(
    <ShellApp session={session} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />,
  );
});
afterEach(async () => {
  app.unmount();
  await session.close();
  await sims.close();
});

const live = () => plain(app.lastFrame());
const screen = () => plain(app.frames.join('\n'));
const enter = async (line: string, until: (live: string, screen: string) => boolean) => {
  await waitFor(() => expect(live()).toMatch(/admin@127\.0\.0\.1>\s*$/m));
  app.stdin.write(`${line}\r`);
  await waitFor(() => {
    if (!until(live(), screen())) throw new Error(`frame:\n${live()}`);
  });
};

it('shows the step above the prompt and moves on when the router shows it done', async () => {
  await waitFor(() => expect(live()).toContain('admin@127.0.0.1>'));
  expect(live()).not.toContain('lesson');
  await enter('learn interfaces', (l) => l.includes('lesson interfaces 1/5: Create a VLAN interface'));
  expect(live().split('\n')[0]).toMatch(/^lesson interfaces 1\/5/);
  // Wrong: another interface. The router answers, the step stays.
  await enter('interface eth1.200', (_l, s) => s.includes('Interface eth1.200 created'));
  // The frame that printed the answer may come before the prompt is drawn again.
  await waitFor(() => expect(live()).toContain('lesson interfaces 1/5'));
  expect(screen()).not.toContain('✓ step 1');
  await enter('interface eth1.100', (l) => l.includes('lesson interfaces 2/5: Set its MTU'));
  expect(screen()).toContain('✓ step 1/5 done: Create a VLAN interface');
  expect(screen()).toContain('Step 2/5: Set its MTU');
  await enter('hint', (_l, s) => s.includes('interface eth1.100 mtu 9000'));
  await enter('skip', (l) => l.includes('lesson interfaces 3/5'));
  expect(saved.get('interfaces')).toMatchObject({ current: 2, done: [1], skipped: [2] });
});
