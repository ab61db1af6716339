// A dashboard file too deep or too large, and a Grafana export too deep or too large: one
// FILE:LINE line each, never "Maximum call stack size exceeded" (the YAML composer recursed once
// per level) nor a stack; the scan that finds it is linear and over-counts nothing a real file has.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinDashboard, builtinDashboardNames } from '../../../src/features/dashboards/builtin.js';
import { dashboardOrThrow, MAX_DASHBOARD_BYTES } from '../../../src/features/dashboards/dashboard-file.js';
import { importGrafana } from '../../../src/features/dashboards/grafana-import.js';
import { jsonTooDeepAt, yamlTooDeepAt } from '../../../src/features/dashboards/nesting.js';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';

const dir = mkdtempSync(join(tmpdir(), 'dash-nesting-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
/** The one line a file's read gives, or '' when it reads. */
const oneLine = async (f: string) => {
  try {
    await dashboardOrThrow(f);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('too deep: FILE:LINE, one line', () => {
  it.each([
    ['flow [ 100,000 deep', `title: x\npanels: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, 2],
    ['flow { 3,000 deep', `title: x\npanels: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}\n`, 2],
    ['compact - - - 200,000 deep', `title: x\npanels:\n${'- '.repeat(200_000)}1\n`, 3],
    [
      'indentation 1,300 deep',
      `title: x\npanels:\n${Array.from({ length: 1300 }, (_, i) => `${' '.repeat(i + 1)}k${i}:`).join('\n')}\n`,
      66,
    ],
  ])('%s', async (_, text, line) => {
    const f = write('deep.yaml', text);
    const m = await oneLine(f);
    expect(m).toBe(`${f}:${line}: nested more than 64 levels deep (a dashboard nests about 6)`);
  });

  it('a JSON dashboard file', async () => {
    const f = write('deep.json', `{"title": "x",\n"panels": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    expect(await oneLine(f)).toBe(`${f}:2: nested more than 64 levels deep (a dashboard nests about 6)`);
  });

  it('a Grafana export, at dash import', () => {
    const text = `{"panels": [\n${'['.repeat(100_000)}${']'.repeat(100_000)}]}`;
    expect(() => importGrafana(text, 'g.json')).toThrow(
      /^g\.json:2: nested more than 64 levels deep: not a Grafana dashboard$/,
    );
  });
});

describe('too large: FILE:LINE of the line the limit falls in', () => {
  it('a dashboard file past 1 MiB', async () => {
    const line = `# ${'x'.repeat(1021)}\n`; // 1 KiB a line
    const f = write('large.yaml', line.repeat(MAX_DASHBOARD_BYTES / 1024 + 10));
    expect(await oneLine(f)).toBe(`${f}:1025: larger than 1 MiB, the most a dashboard file holds`);
  });
});

describe('the scan finds nothing in real files', () => {
  it('built-in dashboards and every corpus export', () => {
    for (const n of builtinDashboardNames()) {
      const text = builtinDashboard(n) ?? '';
      expect(yamlTooDeepAt(text), n).toBeUndefined();
      expect('dashboard' in parseDashboard(text), n).toBe(true);
    }
    const corpus = new URL('../../corpus/grafana/', import.meta.url);
    for (const f of readdirSync(corpus).filter((x) => x.endsWith('.json')))
      expect(jsonTooDeepAt(readFileSync(new URL(f, corpus), 'utf8')), f).toBeUndefined();
  });

  it('brackets inside quoted text and block scalars are not nesting', () => {
    const quoted = `title: x\npanels:\n  - chart: '${'['.repeat(100)}'\n  - chart: "${'{'.repeat(100)}"\n`;
    expect(yamlTooDeepAt(quoted)).toBeUndefined();
    const block = `title: x\nnote: |\n${Array.from({ length: 100 }, (_, i) => `  ${' '.repeat(i)}- [[[`).join('\n')}\n`;
    expect(yamlTooDeepAt(block)).toBeUndefined();
    expect(jsonTooDeepAt(`{"a": "${'['.repeat(100)}\\"${'{'.repeat(100)}"}`)).toBeUndefined();
  });
});
