// docs/telemetry.md's examples run as written (the README's conventions, test/readme-examples.ts):
// each `routersh` block in one `routersh --demo -c …` of the built binary; a transcript line
// whose output is `% …` must fail, and with exactly that line on stderr — the hints the page
// quotes are the ones routersh prints. (Needs `npm run build`.)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedBlocks, shellExamples } from '../readme-examples.js';
import { runBin } from '../helpers/run-bin.js';

const DOC = readFileSync(new URL('../../docs/telemetry.md', import.meta.url), 'utf8');
const blocks = fencedBlocks(DOC);
const dir = mkdtempSync(join(tmpdir(), 'routersh-docs-'));
const env = {
  HOME: dir,
  XDG_CONFIG_HOME: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
  COLUMNS: '120',
};

/** The output line a transcript gives after each command (what it must print). */
function expectedOutput(line: number): string | undefined {
  const lines = DOC.split('\n');
  const next = lines[line] ?? '';
  return next.startsWith('% ') || next.startsWith('error: ') ? next : undefined;
}

describe('docs/telemetry.md examples', () => {
  it('every fenced block names its language, and some run', () => {
    expect(blocks.filter((b) => b.lang === '').map((b) => b.line)).toEqual([]);
    expect(shellExamples(blocks).length).toBeGreaterThan(2);
  });

  it.each(shellExamples(blocks).map((cmds) => [cmds[0]!.block, cmds] as const))(
    'the block at line %i',
    { timeout: 60_000 },
    async (_line, cmds) => {
      const args = ['--demo', '--keep-going', ...cmds.flatMap((c) => ['-c', c.command])];
      const r = await runBin(args, { env, timeoutMs: 50_000, cwd: dir });
      const failed = new Set([...r.stderr.matchAll(/\(command (\d+)\)$/gm)].map((m) => Number(m[1]) - 1));
      cmds.forEach((c, i) => {
        expect(failed.has(i), `docs line ${c.line}: ${c.command}\n${r.stderr}`).toBe(c.failExpected);
        const said = expectedOutput(c.line);
        if (said) expect(r.stderr).toContain(`${said} (command ${i + 1})`);
      });
      expect(r.code).toBe(cmds.some((c) => c.failExpected) ? 1 : 0);
    },
  );
});
