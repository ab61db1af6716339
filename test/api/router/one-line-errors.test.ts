// One line that names the real reason instead of a library's text or a wrong one (issue 17,
// section 5): a `/token` that redirects in a loop, and an empty secret file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMainArgs } from '../../../src/cli/args.js';
import { resolveConfig } from '../../../src/config/config.js';
import { isRoutershError } from '../../../src/errors.js';
import { exitStatusOf } from '../../../src/exit-status.js';
import { runCommand } from '../../helpers/command-io.js';
import { startServer, type TestServer } from '../../helpers/http-server.js';
import { type HostileRouter, startHostileRouter } from '../../hostile/router.js';

const open: Array<{ close(): Promise<void> }> = [];
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'routersh-one-line-'));
});
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
  rmSync(dir, { recursive: true, force: true });
});

const tokenLogin = (url: string) =>
  runCommand(['--router', url, '--user', 'admin', '--auth', 'token', '-c', 'show interface'], {
    ROUTERSH_PASSWORD: 'admin',
  });

describe('a /token redirect loop', () => {
  it('back to itself: one line naming the loop, not undici\'s "Redirect loop detected…"', async () => {
    const router: HostileRouter = await startHostileRouter({ tokenRedirect: '/token' });
    open.push(router);
    const r = await tokenLogin(router.url);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `% redirect loop at the router at ${new URL(router.url).host}: /token redirects back to an address already visited (command 1)\n`,
    );
    expect(r.stderr).not.toMatch(/undici|Client or Pool|Agent/);
  });

  it('through ever new addresses: one line naming the loop, not "refused a token (HTTP 302)"', async () => {
    let n = 0;
    const server: TestServer = await startServer((_req, res) => {
      res.writeHead(302, { location: `/token?hop=${++n}` });
      res.end();
    });
    open.push(server);
    const r = await tokenLogin(server.url);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `% redirect loop at the router at 127.0.0.1:${server.port}: /token still redirects after 3 redirects (command 1)\n`,
    );
    expect(server.requests).toHaveLength(4);
  });
});

describe('an empty secret file', () => {
  function configError(argv: string[]): string {
    try {
      resolveConfig(parseMainArgs(argv), { env: {}, isTTY: false });
    } catch (e) {
      if (!isRoutershError(e)) throw e;
      expect(exitStatusOf(e)).toBe(2);
      return e.message;
    }
    throw new Error('no error');
  }

  it.each([
    ['--telemetry-key-file', 'telemetry key'],
    ['--password-file', 'password'],
    ['--token-file', 'token'],
  ])('%s FILE that is empty (or one newline) says so', (flag, what) => {
    for (const content of ['', '\n', '\r\n']) {
      const file = join(dir, 'secret');
      writeFileSync(file, content);
      expect(configError(['--router', 'http://r', flag, file, '-c', 'x'])).toBe(
        `${what} file ${file} is empty`,
      );
    }
  });

  it('`metrics names` with an empty key file: "telemetry key file FILE is empty", not "no telemetry API configured"', async () => {
    const file = join(dir, 'key');
    writeFileSync(file, '');
    const r = await runCommand(
      [
        '--router',
        'http://127.0.0.1:9',
        '--telemetry',
        'http://127.0.0.1:9',
        '--telemetry-key-file',
        file,
        '-c',
        'metrics names',
      ],
      {},
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`% telemetry key file ${file} is empty\n`);
  });

  it('a secret file with content is read as before', () => {
    const file = join(dir, 'key');
    writeFileSync(file, 'k-123\n');
    const cfg = resolveConfig(parseMainArgs(['--telemetry-key-file', file, '-c', 'x']), {
      env: {},
      isTTY: false,
    });
    expect(cfg.telemetryKey).toBe('k-123');
  });
});
