import { describe, expect, it } from 'vitest';
import {
  addEntry,
  createHistory,
  type HistoryState,
  historyNext,
  historyPrev,
  resetNavigation,
} from '../../../src/shell/editor/history.js';

// Walks with a line on screen, like the prompt does.
function walk(history: HistoryState, line: string, moves: Array<'up' | 'down' | string>) {
  let h = history;
  let shown = line;
  const seen: string[] = [];
  for (const m of moves) {
    if (m !== 'up' && m !== 'down') {
      shown = m; // the user edits what is shown
      continue;
    }
    const r = m === 'up' ? historyPrev(h, shown) : historyNext(h, shown);
    if (r) {
      h = r.history;
      shown = r.line;
    }
    seen.push(shown);
  }
  return { h, shown, seen };
}

describe('history entries', () => {
  it('drops consecutive duplicates and blank lines, keeps non-consecutive repeats', () => {
    let h = createHistory();
    for (const l of ['show version', 'show version', '  ', '', 'show ip', 'show version']) h = addEntry(h, l);
    expect(h.entries).toEqual(['show version', 'show ip', 'show version']);
  });

  it('keeps only the newest max entries', () => {
    let h = createHistory([], 3);
    for (const l of ['a', 'b', 'c', 'd', 'e']) h = addEntry(h, l);
    expect(h.entries).toEqual(['c', 'd', 'e']);
    expect(createHistory(['1', '2', '3', '4'], 2).entries).toEqual(['3', '4']);
    expect(createHistory(['x', 'x', 'y']).entries).toEqual(['x', 'y']);
  });

  it('defaults to 1000 entries', () => {
    const many = Array.from({ length: 1200 }, (_, i) => `cmd ${i}`);
    const h = createHistory(many);
    expect(h.entries.length).toBe(1000);
    expect(h.entries[0]).toBe('cmd 200');
  });
});

describe('Up/Down navigation', () => {
  const h = createHistory(['one', 'two', 'three']);

  it('Up walks older and stops at the oldest; Down walks newer', () => {
    expect(walk(h, '', ['up', 'up', 'up', 'up']).seen).toEqual(['three', 'two', 'one', 'one']);
    expect(walk(h, '', ['up', 'up', 'down']).seen).toEqual(['three', 'two', 'three']);
  });

  it('keeps the line being typed as a draft and restores it past the newest', () => {
    const r = walk(h, 'sho', ['up', 'up', 'down', 'down', 'down']);
    expect(r.seen).toEqual(['three', 'two', 'three', 'sho', 'sho']);
    expect(r.h.index).toBe(r.h.entries.length);
  });

  it('Down on the draft does nothing', () => {
    expect(historyNext(h, 'x')).toBeNull();
    expect(historyPrev(createHistory(), 'x')).toBeNull();
  });

  it('edits to a recalled entry survive walking away and back, and vanish after a submit', () => {
    const r = walk(h, '', ['up', 'three edited', 'up', 'down']);
    expect(r.shown).toBe('three edited');
    expect(r.h.entries).toEqual(['one', 'two', 'three']);
    const after = addEntry(r.h, 'three edited');
    expect(walk(after, '', ['up', 'up']).seen).toEqual(['three edited', 'three']);
  });

  it('reset ends the walk and forgets edits', () => {
    const r = walk(h, 'draft', ['up', 'changed']);
    const reset = resetNavigation(r.h);
    expect(reset.index).toBe(reset.entries.length);
    expect(walk(reset, '', ['up']).shown).toBe('three');
  });
});
