// Issue 10: keys typed while a request runs are shown (dimmed, on the prompt line) as what
// they will make of the prompt once replayed; welcome text; the password retry loop.
import { describe, expect, it } from 'vitest';
import { authError, transportError } from '../../src/errors.js';
import { loginWithRetries, PERMISSION_DENIED } from '../../src/session/login.js';
import { flushKeys, type Key, parseKeys } from '../../src/keys/key-parser.js';
import { typeAheadPreview } from '../../src/shell/type-ahead.js';
import { welcomeText } from '../../src/shell/welcome.js';

const keys = (raw: string): Key[] => {
  const out = parseKeys(raw);
  return [...out.keys, ...flushKeys(out.state).keys];
};

describe('typeAheadPreview', () => {
  it('shows the line the keys will leave, editing keys applied', () => {
    expect(typeAheadPreview(keys('show ver'))).toBe('show ver');
    expect(typeAheadPreview(keys('show verx\u007f'))).toBe('show ver');
    expect(typeAheadPreview(keys('junk\u0015show'))).toBe('show');
    expect(typeAheadPreview([])).toBe('');
  });

  it('a line Enter will run ends in ⏎, and what follows it comes after', () => {
    expect(typeAheadPreview(keys('show hostname\rsho'))).toBe('show hostname ⏎ sho');
  });
});

describe('welcomeText', () => {
  it('says where, whether it is a simulator, and the three things to try, in two lines', () => {
    const t = welcomeText({
      label: 'admin@127.0.0.1',
      router: 'http://127.0.0.1:1',
      telemetry: 'http://127.0.0.1:2',
      simulator: 'demo',
    });
    expect(t.trimEnd().split('\n')).toHaveLength(2);
    expect(t).toContain('admin@127.0.0.1');
    expect(t).toContain('http://127.0.0.1:1');
    expect(t).toContain('telemetry http://127.0.0.1:2');
    expect(t).toMatch(/simulator/);
    expect(t).toMatch(/Tab.*\?.*help/);
    expect(welcomeText({ label: 'a@r', router: 'https://r' })).not.toMatch(/simulator/);
  });
});

describe('loginWithRetries', () => {
  const run = async (answers: string[], good: string) => {
    const said: string[] = [];
    let asked = 0;
    const result = loginWithRetries(
      async () => answers[asked++] ?? '',
      async (pw) => {
        if (pw !== good) throw authError('authentication failed for user admin');
        return `session(${pw})`;
      },
      (t) => said.push(t),
    );
    return { result, said, asked: () => asked };
  };

  it('asks again after a refusal, like ssh, and goes on with the right password', async () => {
    const r = await run(['bad', 'ok'], 'ok');
    await expect(r.result).resolves.toBe('session(ok)');
    expect(r.said).toEqual([PERMISSION_DENIED]);
  });

  it('gives up after three refusals with the auth error', async () => {
    const r = await run(['a', 'b', 'c', 'ok'], 'ok');
    await expect(r.result).rejects.toMatchObject({ code: 'auth' });
    expect(r.asked()).toBe(3);
    expect(r.said).toHaveLength(2);
  });

  it('does not ask again when the router cannot be reached', async () => {
    const said: string[] = [];
    const p = loginWithRetries(
      async () => 'pw',
      async () => {
        throw transportError('connection refused');
      },
      (t) => said.push(t),
    );
    await expect(p).rejects.toMatchObject({ code: 'transport' });
    expect(said).toEqual([]);
  });
});
