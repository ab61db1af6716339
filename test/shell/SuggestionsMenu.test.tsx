import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Candidate, Completion } from '../../src/lang/index.js';
import { openMenu } from '../../src/shell/completion-apply.js';
import { handleKey } from '../../src/shell/handle-key.js';
import { parseKeys } from '../../src/keys/key-parser.js';
import { initPrompt } from '../../src/shell/prompt-state.js';
import { displayWidth } from '../../src/term/text-width.js';
import {
  candidateRow,
  menuLayout,
  type Suggestion,
  SuggestionsMenu,
} from '../../src/shell/SuggestionsMenu.js';

const lines = (el: React.ReactElement) => {
  const app = render(el);
  const out = stripVTControlCharacters(app.lastFrame() ?? '').split('\n');
  app.unmount();
  return out;
};

const items: Suggestion[] = [
  { name: 'interface', kind: 'command', description: 'Network interfaces', configured: true },
  { name: 'ip', kind: 'command', description: 'IP settings' },
  { name: 'mtu', kind: 'option', description: 'Maximum transmission unit' },
  { name: '<x.x.x.x/x>', kind: 'value', description: 'An IPv4 prefix' },
];
const many: Suggestion[] = Array.from({ length: 20 }, (_, i) => ({
  name: `eth${i}`,
  kind: 'value',
  description: `port ${i}`,
}));

describe('SuggestionsMenu', () => {
  it('aligns name, configured marker, kind and description in columns', () => {
    const out = lines(<SuggestionsMenu items={items} />);
    expect(out).toHaveLength(4);
    const descAt = out.map((l, i) => l.indexOf(items[i]!.description!));
    expect(new Set(descAt).size).toBe(1);
    const kindAt = out.map((l, i) => l.indexOf(items[i]!.kind!));
    expect(new Set(kindAt).size).toBe(1);
    expect(out[0]).toMatch(/^ {2}interface\s+\* command\s+Network interfaces$/);
    expect(out[1]).not.toContain('*');
  });

  // The menu is one <Text>: each row is cut to the width by the menu itself, so none wraps, down
  // to a terminal narrower than the name column.
  it('cuts every row to the width: one line per row at any width, the selection still marked', () => {
    const wide: Suggestion[] = [
      { name: 'a-very-long-interface-name-indeed', kind: 'command', description: 'x'.repeat(80) },
      { name: '表示表示表示', kind: 'value', description: '一二三四五六七八九十', configured: true },
      ...many,
    ];
    for (const columns of [4, 9, 14, 30, 80]) {
      const out = lines(<SuggestionsMenu items={wide} columns={columns} rows={10} selected={1} />);
      expect(out, `${columns} columns`).toHaveLength(7);
      for (const l of out) expect(displayWidth(l), `${columns}: ${l}`).toBeLessThanOrEqual(columns);
      expect(out[1]!.startsWith(columns >= 2 ? '> ' : '>')).toBe(true);
    }
  });

  // Issue 10: no fixed cap of 8 — as many rows as fit with the prompt kept on screen.
  it('shows as many rows as fit (rows − 3 with the more line), or maxRows, and says how many more', () => {
    const out = lines(<SuggestionsMenu items={many} rows={16} />);
    expect(out).toHaveLength(13);
    expect(out[12]).toBe('  …8 more · 1–12 of 20');
    expect(lines(<SuggestionsMenu items={many} rows={40} />)).toHaveLength(20);
    expect(lines(<SuggestionsMenu items={many} maxRows={3} />)).toEqual([
      expect.stringContaining('eth0'),
      expect.stringContaining('eth1'),
      expect.stringContaining('eth2'),
      '  …17 more · 1–3 of 20',
    ]);
  });

  it('is never taller than the terminal rows − 3', () => {
    const out = lines(<SuggestionsMenu items={many} rows={8} />);
    expect(out.length).toBeLessThanOrEqual(5);
    expect(out.at(-1)).toBe('  …16 more · 1–4 of 20');
  });

  it('counts the items above and below the window as it scrolls', () => {
    const mid = lines(<SuggestionsMenu items={many} selected={12} maxRows={4} />);
    expect(mid.at(-1)).toBe('  …7 more · 9 above · 10–13 of 20');
    const end = lines(<SuggestionsMenu items={many} selected={19} maxRows={4} />);
    expect(end.at(-1)).toBe('  16 above · 17–20 of 20');
  });

  it('marks the selected row and scrolls to keep it visible', () => {
    const out = lines(<SuggestionsMenu items={many} selected={12} maxRows={4} />);
    expect(out.filter((l) => l.startsWith('> '))).toEqual([expect.stringContaining('eth12')]);
    expect(out[3]).toContain('eth12');
    expect(out[0]).toContain('eth9');
  });

  it('fits each row to the width, cutting long descriptions', () => {
    const long: Suggestion[] = [{ name: 'description', kind: 'option', description: 'x'.repeat(300) }];
    const out = lines(<SuggestionsMenu items={long} columns={60} />);
    expect(out[0]?.length).toBeLessThanOrEqual(60);
    expect(out[0]).toMatch(/…$/);
  });

  it('renders nothing without items and sanitizes server text', () => {
    expect(lines(<SuggestionsMenu items={[]} />)).toEqual(['']);
    const out = lines(<SuggestionsMenu items={[{ name: 'x', description: 'evil\u001b[2Jtext' }]} />);
    expect(out[0]).toContain('eviltext');
  });
});

describe('menuLayout', () => {
  it('keeps the selection in the window and counts the hidden items', () => {
    expect(menuLayout(20, 0, 8, 40)).toMatchObject({ start: 0, count: 8, more: 12, above: 0, below: 12 });
    expect(menuLayout(20, 19, 8, 40)).toMatchObject({ start: 12, count: 8, more: 12, above: 12, below: 0 });
    expect(menuLayout(3, undefined, 8, 40)).toMatchObject({ start: 0, count: 3, more: 0 });
    expect(menuLayout(20, 0, 8, 5)).toMatchObject({ start: 0, count: 1, more: 19 });
    expect(menuLayout(100, 0, Number.POSITIVE_INFINITY, 40)).toMatchObject({ count: 36, more: 64 });
  });
});

describe('a menu over 65,536 values', () => {
  const N = 65_536;
  const candidates: Candidate[] = Array.from({ length: N }, (_, i) => ({
    text: `10.0.${i >> 8}.${i & 255}`,
    display: `10.0.${i >> 8}.${i & 255}`,
    kind: 'configured',
    insertable: true,
  }));
  const completion: Completion = { replaceFrom: 0, replaceTo: 0, candidates, commonPrefix: '' };
  const key = (raw: string) => parseKeys(raw).keys[0]!;

  it('shows a page and where it is, builds only the rows shown, and pages with PgDn/PgUp', () => {
    let rows = 0;
    const row = (c: Candidate) => {
      rows++;
      return candidateRow(c);
    };
    let s = openMenu(initPrompt(), completion);
    const view = () => (
      <SuggestionsMenu items={s.menu!.candidates} row={row} selected={s.menu!.selected} rows={40} />
    );
    const app = render(view());
    const frame = () => stripVTControlCharacters(app.lastFrame() ?? '').split('\n');
    expect(frame()[0]).toContain('10.0.0.0');
    expect(frame().at(-1)).toBe('  …65500 more · 1–36 of 65536');
    expect(rows).toBeLessThanOrEqual(36 * 2);
    // PgDn moves by the rows shown (the terminal's rows known to handleKey).
    const env = { running: false, rows: 40 };
    for (const k of ['\u001b[6~', '\u001b[6~']) s = handleKey(s, key(k), env).state;
    app.rerender(view());
    expect(s.menu?.selected).toBe(71);
    expect(frame().find((l) => l.startsWith('> '))).toContain('10.0.0.71');
    expect(frame().at(-1)).toBe('  …65464 more · 36 above · 37–72 of 65536');
    s = handleKey(s, key('\u001b[5~'), env).state;
    app.rerender(view());
    expect(frame().find((l) => l.startsWith('> '))).toContain('10.0.0.35');
    // Every render built its visible rows only, never 65,536 of them.
    expect(rows).toBeLessThan(400);
    app.unmount();
  });
});
