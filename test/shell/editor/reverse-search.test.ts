import { describe, expect, it } from 'vitest';
import {
  acceptSearch,
  cancelSearch,
  currentMatch,
  searchMatches,
  searchNext,
  searchPrompt,
  setQuery,
  startSearch,
} from '../../../src/shell/editor/reverse-search.js';

const entries = [
  'show interface eth0', // 0 oldest
  'interface eth1 mtu 9000',
  'show version',
  'show interface eth1',
  'metrics query up',
  'show interface eth0', // 5 newest (repeat of 0)
];
const texts = (idx: number[]) => idx.map((i) => entries[i]);

describe('searchMatches', () => {
  it('puts substring matches first, newest first, each text once', () => {
    expect(texts(searchMatches(entries, 'interface'))).toEqual([
      'show interface eth0',
      'show interface eth1',
      'interface eth1 mtu 9000',
    ]);
  });

  it('finds fuzzy matches after the substring ones', () => {
    const found = texts(searchMatches(entries, 'shw intrface'));
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(/^show interface/);
    expect(texts(searchMatches(entries, 'vrsion'))).toContain('show version');
  });

  it('among equal fuzzy scores, the newer entry comes first', () => {
    const same = ['alpha one', 'alpha one', 'beta', 'alpha two'];
    const r = searchMatches(same, 'alpa');
    expect(r[0]).toBe(3);
  });

  it('matches case-insensitively and nothing for an empty query', () => {
    expect(texts(searchMatches(entries, 'VERSION'))).toEqual(['show version']);
    expect(searchMatches(entries, '')).toEqual([]);
  });
});

describe('the search session', () => {
  const original = { text: 'half typed', cursor: 4 };

  it('shows the best match, Ctrl-R steps to older ones, Enter accepts', () => {
    let s = setQuery(startSearch(original), entries, 'show');
    expect(currentMatch(s, entries)).toBe('show interface eth0');
    s = searchNext(s);
    expect(currentMatch(s, entries)).toBe('show interface eth1');
    s = searchNext(s);
    expect(currentMatch(s, entries)).toBe('show version');
    expect(acceptSearch(s, entries)).toEqual({ text: 'show version', cursor: 12 });
  });

  it('Ctrl-R past the last match stays on it and is failing', () => {
    let s = setQuery(startSearch(original), entries, 'metrics');
    s = searchNext(s);
    expect(s.failing).toBe(true);
    expect(currentMatch(s, entries)).toBe('metrics query up');
    expect(searchPrompt(s)).toBe("(failing reverse-i-search)'metrics': ");
  });

  it('no match: failing, accept keeps the original line; cancel always restores it', () => {
    const s = setQuery(startSearch(original), entries, 'zzzzqqq');
    expect(s.failing).toBe(true);
    expect(currentMatch(s, entries)).toBeUndefined();
    expect(acceptSearch(s, entries)).toEqual(original);
    expect(cancelSearch(setQuery(startSearch(original), entries, 'show'))).toEqual(original);
  });

  it('a new query starts again at the best match', () => {
    let s = searchNext(setQuery(startSearch(original), entries, 'show'));
    s = setQuery(s, entries, 'show v');
    expect(s.position).toBe(0);
    expect(currentMatch(s, entries)).toBe('show version');
    expect(searchPrompt(s)).toBe("(reverse-i-search)'show v': ");
  });
});
