// Without tmux the e2e tests skip; the global setup says so once, at the start of the run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TMUX_NOTE } from './global-setup.js';

const SETUP = fileURLToPath(new URL('./global-setup.ts', import.meta.url));
const runSetup = (path: string) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', `import(${JSON.stringify(SETUP)}).then((m) => m.default())`],
    {
      env: { PATH: path, HOME: process.env.HOME ?? '/tmp' },
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    },
  );

describe('vitest global setup', () => {
  it('prints the tmux note when tmux cannot be found', () => {
    const r = runSetup('/nonexistent');
    expect(r.stderr).toBe(TMUX_NOTE);
    expect(r.status).toBe(0);
  });

  it.skipIf(spawnSync('tmux', ['-V']).status !== 0)('is silent when tmux is there', () => {
    expect(runSetup(process.env.PATH ?? '').stderr).toBe('');
  });
});
