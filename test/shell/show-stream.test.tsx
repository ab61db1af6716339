// A router show is written while its answer arrives (issue 38): with the answer held half
// sent, its first lines are on the screen already; once the rest comes every line is there
// once, in order, and the prompt comes back. A piped show and an answer that goes bad after
// its first half keep today's behaviour: the pipe's output, the same one-line error; an
// answer whose last NodeInfo is another has that one's text follow.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain, waitFor } from '../helpers/ink.js';
import { testSession } from '../helpers/session.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { ShellApp } from '../../src/shell/ShellApp.js';

const N = 1_000;
let upstream: HostileRouter;
let front: Server;
let url = '';
/** How the next show answer is sent: its first half, then the rest or a broken end. */
let held: { release: () => void; ending: Ending } | undefined;
/** The rest as sent; broken: not JSON; other: a second NodeInfo, whose ShowOutput is the answer's. */
type Ending = 'rest' | 'broken' | 'other';
let halfSent: () => void = () => {};

/** In front of the hostile router: a SHOW's answer is sent in half, the rest when released. */
function frontRouter(): Promise<void> {
  front = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const up = request(
        `${upstream.url}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(upstream.url).host } },
        (upRes) => {
          const parts: Buffer[] = [];
          upRes.on('data', (c: Buffer) => parts.push(c));
          upRes.on('end', () => {
            const answer = Buffer.concat(parts);
            const show = req.method === 'POST' && body.includes('SHOW');
            if (!show || !held) {
              res.writeHead(upRes.statusCode ?? 502, { 'content-type': 'application/json' });
              return res.end(answer);
            }
            const h = held;
            res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length
            const half = Math.floor(answer.length / 2);
            res.write(answer.subarray(0, half));
            h.release = () => {
              if (h.ending === 'rest') res.end(answer.subarray(half));
              else if (h.ending === 'broken') res.end(Buffer.from('"}}, garbage'));
              else {
                const rest = answer.subarray(half, answer.length - 1); // without the last }
                res.end(
                  Buffer.concat([rest, Buffer.from(',"NodeInfo":{"ShowOutput":"the other text\\n"}}')]),
                );
              }
            };
            halfSent();
          });
        },
      );
      up.end(body);
    });
  });
  return new Promise((resolve) =>
    front.listen(0, '127.0.0.1', () => {
      url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  upstream = await startHostileRouter({ showLines: N });
  await frontRouter();
});
afterAll(async () => {
  await new Promise((r) => front.close(r));
  await upstream.close();
});

const newShell = async () => {
  const session = await testSession(
    {
      router: url,
      user: 'admin',
      password: 'admin',
      auth: 'basic',
      insecure: false,
      timeoutMs: 60_000,
      json: false,
      color: false,
      keepGoing: false,
    },
    { interactive: true, warn: () => {}, width: () => 120 },
  );
  const app = render(
    <ShellApp session={session} history={[]} recordHistory={() => {}} color={false} onExit={() => {}} />,
  );
  await waitFor(() => expect(plain(app.lastFrame())).toContain('>'));
  return { session, app, all: () => plain(app.frames.join('\n')) };
};

/** Types `line`, Enter, and waits until the front router has sent the answer's first half. */
async function runHeld(
  app: { stdin: { write(s: string): void }; lastFrame(): string | undefined },
  line: string,
  ending: Ending,
) {
  const sent = new Promise<void>((r) => (halfSent = r));
  const h = { release: () => {}, ending };
  held = h;
  app.stdin.write(line);
  await waitFor(() => expect(plain(app.lastFrame())).toContain(line));
  app.stdin.write('\r');
  await sent;
  return h;
}

describe('a show written while it arrives', () => {
  it('its first lines are on screen before the answer ends; then every line once, in order', async () => {
    const { session, app, all } = await newShell();
    try {
      const h = await runHeld(app, 'show interface', 'rest');
      // Fails when nothing is written before the whole answer is in.
      await waitFor(() => expect(all()).toContain('entry 100 '), 30_000);
      expect(all()).not.toContain(`entry ${N} `);
      h.release();
      await waitFor(() => expect(all()).toContain(`entry ${N} `), 30_000);
      await waitFor(() => expect(plain(app.lastFrame())).toMatch(/>\s*$/));
      const lines = all()
        .split('\n')
        .filter((l) => l.startsWith('entry '))
        .map((l) => Number(l.split(' ')[1]));
      expect(lines).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    } finally {
      held = undefined;
      app.unmount();
      await session.close();
    }
  }, 120_000);

  it('a piped show is written whole, after its pipe; an answer broken after its first half ends in the same error', async () => {
    const { session, app, all } = await newShell();
    try {
      const piped = await runHeld(app, 'show interface | count', 'rest');
      piped.release();
      await waitFor(() => expect(all()).toContain(`Count: ${N} lines`), 30_000);
      expect(all()).not.toContain('entry 1 ');
      const broken = await runHeld(app, 'show interface', 'broken');
      await waitFor(() => expect(all()).toContain('entry 100 '), 30_000);
      broken.release();
      await waitFor(
        () => expect(all()).toContain('malformed response from router: body is not JSON'),
        30_000,
      );
      await waitFor(() => expect(plain(app.lastFrame())).toMatch(/>\s*$/));
      // JSON.parse keeps the last NodeInfo: its text follows what was shown while it came.
      const before = all().split('entry 100 ').length;
      const other = await runHeld(app, 'show interface', 'other');
      await waitFor(() => expect(all().split('entry 100 ').length).toBeGreaterThan(before), 30_000);
      other.release();
      await waitFor(() => expect(all()).toContain('the other text'), 30_000);
    } finally {
      held = undefined;
      app.unmount();
      await session.close();
    }
  }, 120_000);
});
