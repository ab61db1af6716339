// What a completion answer does to the line (issue 10, "completion feels like home"): a
// unique completion adds the blank, a word that goes on (`field:`) does not, an ambiguous
// prefix with nothing to add lists at once, and with the cursor inside a word the whole
// word is replaced.
import { describe, expect, it } from 'vitest';
import type { Candidate, Completion } from '../../src/lang/index.js';
import { applyCompletion, menuAccept, menuMove, wordEnd } from '../../src/shell/completion-apply.js';
import { initPrompt, type PromptState, setLine } from '../../src/shell/prompt-state.js';

const cand = (text: string, extra: Partial<Candidate> = {}): Candidate => ({
  text,
  display: text,
  kind: 'token',
  insertable: true,
  ...extra,
});
const at = (text: string, cursor = text.length): PromptState => setLine(initPrompt(), { text, cursor });
const completion = (from: number, to: number, candidates: Candidate[], commonPrefix: string): Completion => ({
  replaceFrom: from,
  replaceTo: to,
  candidates,
  commonPrefix,
});

describe('Tab', () => {
  it('a unique candidate is inserted with a blank', () => {
    const s = applyCompletion(at('sh'), completion(0, 2, [cand('show')], 'show'), 'tab', false);
    expect(s.editor).toMatchObject({ text: 'show ', cursor: 5 });
  });

  it('the one prefix match among case-insensitive matches is unique too: it gets its blank', () => {
    // `eth` matches eth0 by prefix and ETH1 only ignoring case: eth0 is what Tab completes.
    const c = completion(10, 13, [cand('eth0'), cand('ETH1')], 'eth0');
    const s = applyCompletion(at('interface eth'), c, 'tab', false);
    expect(s.editor.text).toBe('interface eth0 ');
    expect(s.menu).toBeNull();
  });

  it('a word that goes on (a LogsQL `field:`) gets no blank', () => {
    const c = completion(12, 15, [cand('level:', { continues: true })], 'level:');
    const s = applyCompletion(at('logs search lev'), c, 'tab', false);
    expect(s.editor).toMatchObject({ text: 'logs search level:', cursor: 18 });
  });

  it('an ambiguous prefix with nothing to add lists the choices at once (no second Tab)', () => {
    const c = completion(0, 1, [cand('interface'), cand('ip'), cand('ipv4')], 'i');
    const s = applyCompletion(at('i'), c, 'tab', false);
    expect(s.editor.text).toBe('i');
    expect(s.menu?.candidates.map((x) => x.text)).toEqual(['interface', 'ip', 'ipv4']);
    // A prefix that can grow grows first, without a blank.
    const grow = applyCompletion(
      at('in'),
      completion(0, 2, [cand('interface'), cand('internal')], 'inter'),
      'tab',
      false,
    );
    expect(grow.editor.text).toBe('inter');
    expect(grow.menu).toBeNull();
  });

  it('with the cursor inside a word, the whole word is replaced', () => {
    // `int|erface eth0`: completing `int` must not leave `interfaceerface`.
    const s = applyCompletion(
      at('interface eth0', 3),
      completion(0, 3, [cand('interface')], 'interface'),
      'tab',
      false,
    );
    expect(s.editor).toMatchObject({ text: 'interface eth0', cursor: 10 });
  });
});

describe('the menu', () => {
  it('Enter on a row replaces the word at the cursor; a `field:` row keeps the word going', () => {
    const c = completion(0, 3, [cand('interface'), cand('internal')], 'inter');
    let s = applyCompletion(at('int eth0', 3), { ...c, commonPrefix: 'int' }, 'list', false);
    s = menuAccept(menuMove(s, 1));
    expect(s.editor.text).toBe('interface eth0');
    const f = completion(
      12,
      14,
      [cand('level:', { continues: true }), cand('length:', { continues: true })],
      'le',
    );
    let l = applyCompletion(at('logs search le'), f, 'list', false);
    l = menuAccept(menuMove(l, 1));
    expect(l.editor.text).toBe('logs search level:');
  });

  it('wordEnd: the end of the plain word the cursor is in', () => {
    expect(wordEnd('interface eth0', 3)).toBe(9);
    expect(wordEnd('interface eth0', 9)).toBe(9);
    expect(wordEnd('interface eth0', 14)).toBe(14);
    expect(wordEnd('description "a b"', 14)).toBe(14);
  });
});
