// `routersh dash` through the built binary: --validate prints `FILE: ok (N panels, M variables)`
// (exit 0) or every mistake as FILE:LINE (exit 2, sanitized); a missing file is one line, exit
// 2; the built-in overview's monitor and show lines run on the demo simulators.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinDashboard } from '../../src/features/dashboards/builtin.js';
import { parseDashboard } from '../../src/features/dashboards/validate.js';
import { runBin } from '../helpers/run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-dash-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('routersh dash --validate', () => {
  it('a good file and a built-in: ok with their counts, exit 0', async () => {
    const good = file(
      'good.yaml',
      'title: T\nvariables: [{name: h, values: [a, b]}]\npanels:\n  - chart: up{h="$h"}\n  - show: show interface\n',
    );
    const r = await runBin(['dash', '--validate', good, 'overview']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `${good}: ok (2 panels, 1 variable)\noverview (built-in): ok (7 panels, 2 variables)\n`,
    );
    expect(r.stderr).toBe('');
  });

  it('a bad file: every mistake as FILE:LINE, sanitized, exit 2; the good file beside it still ok', async () => {
    const bad = file(
      'bad.yaml',
      'title: T\nrefresh: soon\npanels:\n  - chart: up\n    grid: {x: 20, y: 0, w: 8, h: 2}\n  - show: "ping 10.0.0.1"\n  - logs: x\n    "\\e]0;pwned\\a": 1\n',
    );
    const good = file('ok.json', '{"title": "J", "panels": [{"stat": "up"}]}');
    const r = await runBin(['dash', '--validate', bad, good]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(`${good}: ok (1 panel, 0 variables)\n`);
    const lines = r.stderr.trim().split('\n');
    expect(lines.map((l) => l.slice(bad.length + 1).split(':')[0])).toEqual(['2', '5', '6', '8']);
    expect(lines.every((l) => l.startsWith(`${bad}:`))).toBe(true);
    expect(r.stderr).not.toMatch(/\x1b|\x07/);
  });

  it('a warning ($name no variable defines) is printed, the file is still ok', async () => {
    const warn = file('warn.yaml', 'title: T\npanels:\n  - chart: up{h="$host"}\n');
    const r = await runBin(['dash', '--validate', warn]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `${warn}:3: warning: '$host' is not a variable of this dashboard (left as written)\n`,
    );
  });

  it('a missing file, a file too large, no file: one line each, exit 2', async () => {
    const missing = await runBin(['dash', '--validate', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`% cannot read dashboard file ${join(dir, 'nope.yaml')}: ENOENT\n`);
    const big = file('big.yaml', `title: T\n# ${'x'.repeat(1024 * 1024)}\npanels: [{chart: up}]\n`);
    const large = await runBin(['dash', '--validate', big]);
    expect(large.code).toBe(2);
    // FILE:LINE of the line the limit falls in (the long comment on line 2), as any mistake.
    expect(large.stderr).toBe(`% ${big}:2: larger than 1 MiB, the most a dashboard file holds\n`);
    const none = await runBin(['dash', '--validate']);
    expect(none.code).toBe(2);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the built-in overview on the demo simulators', () => {
  it('its monitor and show lines run', async () => {
    const r = parseDashboard(builtinDashboard('overview')!);
    if (!('dashboard' in r)) throw new Error('overview is not valid');
    const lines = r.dashboard.panels.flatMap((p) =>
      p.kind === 'show' ? [p.line] : p.kind === 'monitor' ? [`monitor match-list ${p.list}`] : [],
    );
    expect(lines).toHaveLength(2);
    const out = await runBin(['--demo', ...lines.flatMap((l) => ['-c', l])], {
      env: { XDG_STATE_HOME: join(dir, 'state') },
    });
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/eth0\s+UP/);
    expect(out.stdout).toMatch(/203\.0\.113\.7/);
  });
});
