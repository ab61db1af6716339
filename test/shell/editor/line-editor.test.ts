import { describe, expect, it } from 'vitest';
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  emptyEditor,
} from '../../../src/shell/editor/line-editor.js';

const at = (text: string, cursor = text.length): EditorState => ({ text, cursor, killRing: [] });
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const t = <T extends EditorAction['type']>(type: T) => ({ type }) as EditorAction;

describe('editorReducer basics', () => {
  it('inserts at the cursor', () => {
    const s = run(at('show int', 4), { type: 'insert', text: 'X' });
    expect(s).toMatchObject({ text: 'showX int', cursor: 5 });
  });

  it('turns line breaks and tabs into blanks and drops other controls', () => {
    const s = run(at(''), { type: 'insert', text: 'a\r\nb\tc\u001b[31md\u0007' });
    expect(s.text).toBe('a b c[31md');
  });

  it('backspace and delete remove one character and stop at the edges', () => {
    expect(run(at('abc', 2), t('backspace'))).toMatchObject({ text: 'ac', cursor: 1 });
    expect(run(at('abc', 0), t('backspace'))).toMatchObject({ text: 'abc', cursor: 0 });
    expect(run(at('abc', 1), t('delete'))).toMatchObject({ text: 'ac', cursor: 1 });
    expect(run(at('abc', 3), t('delete'))).toMatchObject({ text: 'abc', cursor: 3 });
  });

  it('moves left, right, home and end within bounds', () => {
    expect(run(at('abc', 1), t('left')).cursor).toBe(0);
    expect(run(at('abc', 0), t('left')).cursor).toBe(0);
    expect(run(at('abc', 1), t('right')).cursor).toBe(2);
    expect(run(at('abc', 3), t('right')).cursor).toBe(3);
    expect(run(at('abc', 2), t('home')).cursor).toBe(0);
    expect(run(at('abc', 0), t('end')).cursor).toBe(3);
  });

  it('set snaps the cursor into the text and clear empties it but keeps the kill ring', () => {
    expect(run(at(''), { type: 'set', text: 'show' })).toMatchObject({ text: 'show', cursor: 4 });
    expect(run(at(''), { type: 'set', text: 'show', cursor: 99 }).cursor).toBe(4);
    expect(run(at(''), { type: 'set', text: 'show', cursor: -3 }).cursor).toBe(0);
    const s = run(at('abc def'), t('killWordLeft'), t('clear'));
    expect(s).toMatchObject({ text: '', cursor: 0, killRing: ['def'] });
  });

  it('emptyEditor puts the cursor at the end', () => {
    expect(emptyEditor('ab')).toEqual({ text: 'ab', cursor: 2, killRing: [] });
  });
});

describe('graphemes, wide and combining characters', () => {
  const family = '👨‍👩‍👧'; // one grapheme, 8 UTF-16 units
  const flag = '🇫🇷';
  const eAcute = 'e\u0301';

  it('steps over an emoji ZWJ sequence, a flag and a combining sequence in one move', () => {
    const text = `a${family}${flag}${eAcute}b`;
    let s = at(text, 0);
    const stops: number[] = [];
    for (let i = 0; i < 6; i++) {
      s = editorReducer(s, t('right'));
      stops.push(s.cursor);
    }
    expect(stops).toEqual([
      1,
      1 + family.length,
      1 + family.length + 4,
      text.length - 1,
      text.length,
      text.length,
    ]);
    s = run(s, t('left'), t('left'));
    expect(s.cursor).toBe(1 + family.length + 4);
  });

  it('backspace removes a whole emoji, delete a whole combining sequence', () => {
    expect(run(at(`x${family}`), t('backspace')).text).toBe('x');
    expect(run(at(`${eAcute}z`, 0), t('delete')).text).toBe('z');
  });

  it('moves over CJK one character at a time and treats it as word characters', () => {
    const text = '接口 以太网';
    expect(run(at(text, 0), t('right')).cursor).toBe(1);
    expect(run(at(text), t('wordLeft')).cursor).toBe(3);
    expect(run(at(text, 0), t('wordRight')).cursor).toBe(2);
  });

  it('keeps the cursor on a boundary when a combining mark is inserted or set lands inside', () => {
    expect(run(at('e', 1), { type: 'insert', text: '\u0301' })).toMatchObject({ text: eAcute, cursor: 2 });
    expect(run(at(''), { type: 'set', text: `${family}x`, cursor: 3 }).cursor).toBe(family.length);
  });
});

describe('words and kills', () => {
  it('wordLeft/wordRight stop at word edges like readline (Alt-B/Alt-F)', () => {
    const text = 'set interface eth0 address 10.0.0.1/24';
    expect(run(at(text), t('wordLeft')).cursor).toBe(text.length - 2);
    expect(run(at(text, 0), t('wordRight')).cursor).toBe(3);
    expect(run(at(text, 3), t('wordRight')).cursor).toBe(13);
    expect(run(at(text, 14), t('wordLeft')).cursor).toBe(4);
  });

  it('Ctrl-W kills back to the previous blank, punctuation included', () => {
    const s = run(at('address 10.0.0.1/24 '), t('killWordLeft'));
    expect(s).toMatchObject({ text: 'address ', cursor: 8, killRing: ['10.0.0.1/24 '] });
  });

  it('Alt-D kills to the end of the next word', () => {
    const s = run(at('show interface eth0', 4), t('killWordRight'));
    expect(s).toMatchObject({ text: 'show eth0', cursor: 4, killRing: [' interface'] });
  });

  it('Ctrl-K and Ctrl-U kill to the end and to the start', () => {
    expect(run(at('show version', 4), t('killToEnd'))).toMatchObject({
      text: 'show',
      killRing: [' version'],
    });
    expect(run(at('show version', 5), t('killToStart'))).toMatchObject({
      text: 'version',
      cursor: 0,
      killRing: ['show '],
    });
  });

  it('consecutive backward kills merge into one ring entry in reading order', () => {
    const s = run(at('one two three'), t('killWordLeft'), t('killWordLeft'));
    expect(s.killRing).toEqual(['two three']);
    expect(run(s, t('yank'))).toMatchObject({ text: 'one two three', cursor: 13 });
  });

  it('consecutive forward kills append; an intervening move starts a new entry', () => {
    const merged = run(at('a b c', 0), t('killWordRight'), t('killWordRight'));
    expect(merged.killRing).toEqual(['a b']);
    const split = run(at('one two three'), t('killWordLeft'), t('left'), t('killWordLeft'));
    expect(split.killRing).toEqual(['two', 'three']);
  });

  it('a kill of nothing does not add an empty entry', () => {
    expect(run(at('abc'), t('killToEnd')).killRing).toEqual([]);
  });

  it('yank inserts the newest kill; yank-pop cycles through older ones', () => {
    let s = run(at('alpha beta gamma'), t('killWordLeft'), t('left'), t('killWordLeft'));
    expect(s.killRing).toEqual(['beta', 'gamma']);
    s = run(s, t('end'), t('yank'));
    expect(s).toMatchObject({ text: 'alpha  beta', cursor: 11 });
    s = run(s, t('yankPop'));
    expect(s).toMatchObject({ text: 'alpha  gamma', cursor: 12 });
    s = run(s, t('yankPop'));
    expect(s.text).toBe('alpha  beta');
  });

  it('yank with an empty ring and yank-pop without a yank change nothing', () => {
    expect(run(at('x'), t('yank')).text).toBe('x');
    expect(run(at('x'), t('yankPop')).text).toBe('x');
  });
});

describe('transpose (Ctrl-T)', () => {
  it('swaps the characters around the cursor and moves forward', () => {
    expect(run(at('abcd', 1), t('transpose'))).toMatchObject({ text: 'bacd', cursor: 2 });
  });
  it('at the end swaps the last two', () => {
    expect(run(at('shwo'), t('transpose'))).toMatchObject({ text: 'show', cursor: 4 });
  });
  it('swaps whole graphemes and does nothing at the start', () => {
    expect(run(at('a😀'), t('transpose')).text).toBe('😀a');
    expect(run(at('ab', 0), t('transpose')).text).toBe('ab');
  });
});
