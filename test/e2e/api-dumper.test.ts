// `routersh api --output dumper` prints the router's text as sent, but a hostile router cannot
// drive the terminal through it (nor through the JSON form).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIL, type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { runBin } from '../helpers/run-bin.js';
import { assertNoTerminalControls } from '../helpers/terminal-bytes.js';

let router: HostileRouter;
beforeAll(async () => {
  router = await startHostileRouter({ controls: true });
});
afterAll(() => router.close());

const env = () => ({ ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' });

describe('routersh api against a hostile router', () => {
  it('--output dumper: the text arrives whole in the JSON, its control sequences never raw', async () => {
    const r = await runBin(['api', '-s', router.url, '--output', 'dumper', 'interface'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    assertNoTerminalControls(r.stdout, 'stdout');
    expect(JSON.parse(r.stdout).Message[0]).toBe(`$VAR1 = { 'path' => 'interface' };${EVIL}`);
  });

  it('the JSON answer escapes C1, DEL and bidi characters', async () => {
    const r = await runBin(['api', '-s', router.url, 'interface'], { env: env() });
    expect(r.code).toBe(0);
    assertNoTerminalControls(r.stdout, 'stdout');
    expect(JSON.stringify(JSON.parse(r.stdout))).toContain('\u202e');
  });
});
