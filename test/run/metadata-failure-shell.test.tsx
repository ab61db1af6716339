// The interactive shell's hint while typing, against a router whose metadata GETs fail:
// the hint names the failure (here an HTML 502 page), not an unknown word.
import { render } from 'ink-testing-library';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/session.js';
import { testSession } from '../helpers/session.js';
import { ShellApp } from '../../src/shell/ShellApp.js';
import { plain, waitFor } from '../helpers/ink.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { simConfig } from '../helpers/sim-config.js';

let router: HostileRouter | undefined;
let session: Session | undefined;
let app: ReturnType<typeof render> | undefined;
afterEach(async () => {
  app?.unmount();
  await session?.close();
});
afterAll(() => router?.close());

describe('shell hint after a failed metadata GET', () => {
  it('names the failure under the prompt', async () => {
    router = await startHostileRouter({ metadataFailure: 'html' });
    session = await testSession(simConfig(router.url), {
      interactive: true,
      warn: () => {},
      width: () => 120,
    });
    const a = render(
      <ShellApp session={session} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />,
    );
    app = a;
    await waitFor(() => expect(plain(a.lastFrame())).toContain('admin@127.0.0.1>'));
    a.stdin.write('show interface eth0 c');
    const f = await waitFor(() => {
      const frame = plain(a.lastFrame());
      if (!frame.includes('could not read the metadata')) throw new Error(`live frame:\n${frame}`);
      return frame;
    }, 5000);
    expect(f).toMatch(/could not read the metadata of 'interface eth0': router answered HTTP 502/);
    expect(f).not.toMatch(/unknown word/);
  });
});
