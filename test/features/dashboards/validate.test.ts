// A dashboard file's mistakes, each class on its own line number, all of them reported at once
// (not just the first); a good file gives the model, with panels placed on the grid.
import { describe, expect, it } from 'vitest';
import { parseDashboard } from '../../../src/features/dashboards/validate.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
/** `LINE: message` for each issue (warnings included), or the dashboard. */
function issues(text: string, json = false): string[] {
  const r = parseDashboard(text, { now: NOW, json });
  return 'issues' in r ? r.issues.map((i) => `${i.line}: ${i.message}`) : [];
}
const lines = (...ls: string[]) => `${ls.join('\n')}\n`;

describe('bad dashboard files: every mistake with its line', () => {
  it.each([
    [
      'unknown top key',
      lines('title: t', 'panels: [{chart: up}]', 'colour: red'),
      /^3: a dashboard: unknown key 'colour'/,
    ],
    [
      'unknown panel key',
      lines('title: t', 'panels:', '  - chart: up', '    colour: red'),
      /^4: a panel: unknown key 'colour'/,
    ],
    ['wrong type: title', lines('title: [a]', 'panels: [{chart: up}]'), /^1: 'title' must be text/],
    [
      'wrong type: grid',
      lines('title: t', 'panels:', '  - chart: up', '    grid: 3'),
      /^4: a panel's 'grid' must be a map/,
    ],
    ['missing title', lines('panels: [{chart: up}]'), /^1: a dashboard needs 'title'/],
    ['missing panels', lines('title: t'), /^1: a dashboard needs 'panels'/],
    ['empty panels', lines('title: t', 'panels: []'), /^2: 'panels' is empty/],
    [
      'two kind keys',
      lines('title: t', 'panels:', '  - chart: up', '    stat: up'),
      /^4: a panel has two kinds: 'chart' and 'stat'/,
    ],
    ['no kind key', lines('title: t', 'panels:', '  - title: x'), /^3: a panel needs one of chart, stat/],
    [
      'key of another kind',
      lines('title: t', 'panels:', '  - logs: x', '    step: 30s'),
      /^4: 'step' is not a key of logs panels \(only of chart\)/,
    ],
    [
      'bad duration: time',
      lines('title: t', 'time: 6hours', 'panels: [{chart: up}]'),
      /^2: 'time': expected a duration/,
    ],
    [
      'bad duration: refresh',
      lines('title: t', 'refresh: soon', 'panels: [{chart: up}]'),
      /^2: 'refresh': expected a duration/,
    ],
    [
      'bad step',
      lines('title: t', 'panels:', '  - chart: up', '    step: 0s'),
      /^4: a panel's 'step': a duration must be more than 0/,
    ],
    [
      'bad time from',
      lines('title: t', 'time: {from: yesterday}', 'panels: [{chart: up}]'),
      /^2: 'time: from': expected a time/,
    ],
    [
      'from after to',
      lines('title: t', 'time: {from: now-1h, to: now-2h}', 'panels: [{chart: up}]'),
      /^2: 'time': 'from' must be before 'to'/,
    ],
    [
      'grid out of range',
      lines('title: t', 'panels:', '  - chart: up', '    grid: {x: 12, y: 0, w: 13, h: 4}'),
      /^4: grid x \+ w is 25/,
    ],
    [
      'grid w 0',
      lines('title: t', 'panels:', '  - chart: up', '    grid: {x: 0, y: 0, w: 0, h: 4}'),
      /^4: grid w must be 1–24, not 0/,
    ],
    [
      'grid not whole',
      lines('title: t', 'panels:', '  - chart: up', '    grid: {x: 0.5, y: 0, w: 1, h: 4}'),
      /^4: grid x must be a whole number/,
    ],
    [
      'grid missing h',
      lines('title: t', 'panels:', '  - chart: up', '    grid: {x: 0, y: 0, w: 1}'),
      /^4: a panel's 'grid' needs h/,
    ],
    [
      'show a change',
      lines('title: t', 'panels:', '  - show: interface eth0 mtu 1400'),
      /^3: a show panel runs only 'show …' or 'describe …'/,
    ],
    [
      'show with save',
      lines('title: t', 'panels:', '  - show: show interface | save x.txt'),
      /^3: a show panel's line cannot use '\| save'/,
    ],
    [
      'show with refresh',
      lines('title: t', 'panels:', '  - show: show interface | refresh 2'),
      /cannot use '\| refresh'/,
    ],
    [
      'bad threshold colour',
      lines('title: t', 'panels:', '  - stat: up', '    thresholds: [{value: null, color: pink}]'),
      /^4: a threshold's 'color' is one of green/,
    ],
    [
      'variable without source',
      lines('title: t', 'variables:', '  - name: a', 'panels: [{chart: up}]'),
      /^3: variable 'a' needs one of label, values, interval, query/,
    ],
    [
      'variable with two sources',
      lines(
        'title: t',
        'variables:',
        '  - name: a',
        '    values: [x]',
        '    label: host',
        'panels: [{chart: up}]',
      ),
      /^5: variable 'a' has two sources/,
    ],
    [
      'variable name with a control character',
      lines('title: t', 'variables:', '  - name: "a\\x1b[2J"', '    values: [x]', 'panels: [{chart: up}]'),
      /^3: a variable's name has a control character/,
    ],
    [
      'variable name Grafana keeps',
      lines('title: t', 'variables:', '  - name: __range', '    values: [x]', 'panels: [{chart: up}]'),
      /^3: variable name '__range': names starting with __/,
    ],
    [
      'interval not a duration',
      lines('title: t', 'variables:', '  - name: w', '    interval: [5m, soon]', 'panels: [{chart: up}]'),
      /^4: variable 'w': 'soon' is not a duration/,
    ],
    [
      'values not a list',
      lines('title: t', 'variables:', '  - name: w', '    values: a', 'panels: [{chart: up}]'),
      /^4: variable 'w': 'values' must be a list/,
    ],
    [
      'YAML syntax',
      lines('title: t', 'panels: [{chart: up}', 'x: 1'),
      /^\d: .*(flow|Flow|collection|indent)/,
    ],
    ['duplicate key', lines('title: t', 'title: u', 'panels: [{chart: up}]'), /^2: Map keys must be unique/],
    ['empty file', '', /^1: the file is empty/],
    ['not a map', lines('- a', '- b'), /^1: a dashboard must be a map of keys/],
  ])('%s', (_, text, expected) => {
    const found = issues(text);
    expect(
      found.some((i) => expected.test(i)),
      found.join('\n'),
    ).toBe(true);
  });

  it('duplicate variable names: the second, with the first line', () => {
    const text = lines(
      'title: t',
      'variables:',
      '  - name: a',
      '    values: [x]',
      '  - name: a',
      '    values: [y]',
      'panels: [{chart: up}]',
    );
    expect(issues(text)).toEqual(["5: variable 'a' is defined twice (first on line 3)"]);
  });

  it('too many panels and variables', () => {
    const panels = Array.from({ length: 65 }, () => '  - chart: up').join('\n');
    expect(issues(lines('title: t', 'panels:', panels))).toContain('2: too many panels: 65 (at most 64)');
    const vars = Array.from({ length: 33 }, (_, i) => `  - {name: v${i}, values: [a]}`).join('\n');
    expect(issues(lines('title: t', 'variables:', vars, 'panels: [{chart: up}]'))).toContain(
      '3: too many variables: 33 (at most 32)',
    );
  });

  it('collects every mistake of a file, in line order, not just the first', () => {
    const text = lines(
      'title: 3',
      'refresh: soon',
      'panels:',
      '  - chart: up',
      '    grid: {x: 20, y: 0, w: 8, h: 2}',
      '  - show: ping 10.0.0.1',
      '  - monitor: blacklist',
      '    colour: red',
    );
    expect(issues(text).map((i) => i.split(':')[0])).toEqual(['1', '2', '5', '6', '8']);
  });

  it('YAML aliases are bounded: a "billion laughs" file is one error, quickly', () => {
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const cur = String.fromCharCode(97 + i);
      laughs.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const found = issues(lines(...laughs, 'title: t', 'panels: [{chart: up}]'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^1: too many YAML aliases \(at most 100\)/);
  });

  it('JSON files: errors at their JSON line', () => {
    const text = '{\n  "title": "t",\n  "panels": [\n    {"chart": "up", "colour": "red"}\n  ]\n}\n';
    expect(issues(text, true)).toEqual([expect.stringMatching(/^4: a panel: unknown key 'colour'/)]);
  });
});

describe('good files', () => {
  it('give the model: defaults, kinds, panels without grid flowing below the placed ones', () => {
    const r = parseDashboard(
      lines(
        'title: T',
        'variables:',
        '  - {name: host, label: host, match: up, multi: true}',
        'panels:',
        '  - chart: rate(x[5m])',
        '    grid: {x: 0, y: 0, w: 24, h: 6}',
        '  - logs: level:error',
        '  - monitor: blacklist',
        '  - show: show interface | match UP',
        '  - stat: up{host=~"$host"}',
      ),
      { now: NOW },
    );
    if (!('dashboard' in r)) throw new Error(JSON.stringify(r.issues));
    const d = r.dashboard;
    expect(d.time).toEqual({ since: '6h' });
    expect(d.refreshSeconds).toBe(10);
    expect(d.variables).toEqual([
      { name: 'host', kind: 'label', label: 'host', match: 'up', multi: true, line: 3 },
    ]);
    expect(d.panels.map((p) => [p.kind, p.title, p.grid, p.fileLine])).toEqual([
      ['chart', 'rate(x[5m])', { x: 0, y: 0, w: 24, h: 6 }, 5],
      ['logs', 'level:error', { x: 0, y: 6, w: 12, h: 8 }, 7],
      ['monitor', 'blacklist', { x: 12, y: 6, w: 12, h: 8 }, 8],
      ['show', 'show interface | match UP', { x: 0, y: 14, w: 12, h: 8 }, 9],
      ['stat', 'up{host=~"$host"}', { x: 12, y: 14, w: 12, h: 8 }, 10],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('a $name no variable defines is a warning: the file is valid, the text left as written', () => {
    const r = parseDashboard(
      lines(
        'title: t',
        'panels:',
        '  - chart: up{host="$host"}',
        '  - chart: label_replace(up, "a", "$1", "b", "(.*)") [$__rate_interval]',
      ),
      { now: NOW },
    );
    expect('dashboard' in r).toBe(true);
    if ('dashboard' in r)
      expect(r.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
        "3: warning: '$host' is not a variable of this dashboard (left as written)",
      ]);
  });

  it('strings are kept as written (sanitized only when drawn)', () => {
    const r = parseDashboard(lines('title: "evil \\x1b]0;pwned\\x07"', 'panels: [{chart: up}]'), {
      now: NOW,
    });
    expect('dashboard' in r && r.dashboard.title).toBe('evil \x1b]0;pwned\x07');
  });
});
