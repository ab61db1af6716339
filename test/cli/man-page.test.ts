// routersh(1): man/routersh.1 is what `npm run man` makes from the help tables (regenerating
// gives exactly the committed file, so the page never drifts from --help), and it renders:
// checked with mandoc's and groff's own warnings, and `man` itself, where they are installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMAND_HELP } from '../../src/cli/command-help.js';
import { CONNECTION, OUTPUT } from '../../src/cli/help-tables.js';
import { manPage, roffText } from '../../src/cli/man-page.js';

const PAGE = fileURLToPath(new URL('../../man/routersh.1', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The tool runs at all (spawn fails with ENOENT when it is not installed). */
const has = (tool: string, args: string[]) => spawnSync(tool, args, { stdio: 'ignore' }).error === undefined;
const hasMan = has('man', ['--version']);
const hasGroff = has('groff', ['--version']);
const hasMandoc = has('mandoc', ['-Tlint', '/dev/null']);
// Said once, as the tmux tests say it: these checks are skipped, the regeneration is not.
for (const [tool, here] of [
  ['man', hasMan],
  ['groff', hasGroff],
  ['mandoc', hasMandoc],
] as const)
  if (!here) console.warn(`note: ${tool} is not installed: man/routersh.1 is not rendered with it`);

describe('man/routersh.1', () => {
  it('is exactly what `npm run man` makes from the help tables (run it after changing them)', () => {
    expect(readFileSync(PAGE, 'utf8')).toBe(manPage(version));
  });

  it('holds every flag and command of the help tables', () => {
    const page = manPage(version);
    for (const r of [...CONNECTION, ...OUTPUT])
      for (const f of r.flags) expect(page).toContain(roffText(f.name));
    for (const name of Object.keys(COMMAND_HELP))
      expect(page).toContain(`.SS ${roffText(`routersh ${name}`)}`);
  });

  it('escapes what roff would read as requests, escapes or hyphens', () => {
    expect(roffText('.TH x')).toBe('\\&.TH x');
    expect(roffText("'x")).toBe("\\&'x");
    expect(roffText('a\\b --router')).toBe('a\\eb \\-\\-router');
    expect(roffText('a — b …')).toBe('a \\[u2014] b \\[u2026]');
  });

  it.skipIf(!hasMandoc)('mandoc -Tlint finds nothing at warning level or above', () => {
    expect(execFileSync('mandoc', ['-Tlint', '-W', 'warning', PAGE], { encoding: 'utf8' })).toBe('');
  });

  it.skipIf(!hasGroff)('groff -man -ww renders it without a warning', () => {
    // -P-cbou: plain text, no overstriking for bold, so the words can be found.
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-P-cbou', PAGE], { encoding: 'utf8' });
    expect({ status: r.status, warnings: r.stderr }).toEqual({ status: 0, warnings: '' });
    expect(r.stdout).toMatch(/--telemetry-key-file FILE/);
  });

  it.skipIf(!hasMan)('man ./man/routersh.1 renders it', () => {
    const out = execFileSync('man', [PAGE], {
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '100', MANPAGER: 'cat', PAGER: 'cat', LANG: 'C.UTF-8' },
    });
    expect(out).toMatch(/^ROUTERSH\(1\) +User Commands/);
    expect(out).toMatch(/routersh - a shell for routers whose configuration is a REST node tree/);
    expect(out).toMatch(/--password-file FILE/);
    expect(out).toMatch(/routersh completion bash\|zsh\|fish/);
  });
});
