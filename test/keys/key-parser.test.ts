import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  flushKeys,
  initialParserState,
  isPaste,
  type Key,
  type KeyPress,
  type ParserState,
  parseKeys,
  typedKeys,
  UNBRACKETED_PASTE_MIN,
} from '../../src/keys/key-parser.js';

// Compact view of keys: 'C-a', 'M-b', 'C-M-left', 'S-tab', paste as "paste:…" ("PASTE:…" without
// markers).
function show(keys: Key[]): string[] {
  return keys.map((k) => {
    if (isPaste(k)) return `${k.unbracketed ? 'PASTE' : 'paste'}:${k.text}`;
    return `${k.ctrl ? 'C-' : ''}${k.meta ? 'M-' : ''}${k.shift ? 'S-' : ''}${k.name}`;
  });
}

/** The keys a typed run makes: one per character (ASCII here), upper case shifted. */
const each = (run: string) => [...run].map((c) => (c !== c.toLowerCase() ? `S-${c}` : c));

const parse = (chunk: string) => show(parseKeys(chunk).keys);

function parseChunks(chunks: string[]): { keys: string[]; state: ParserState } {
  let state = initialParserState;
  const keys: Key[] = [];
  for (const c of chunks) {
    const out = parseKeys(c, state);
    keys.push(...out.keys);
    state = out.state;
  }
  return { keys: show(keys), state };
}

describe('printable input', () => {
  it('a single character is a key named by itself; a run read at once is a key per character', () => {
    expect(parse('a')).toEqual(['a']);
    expect(parse('A')).toEqual(['S-A']);
    expect(parse('?')).toEqual(['?']);
    expect(parse(' ')).toEqual([' ']);
    expect(parse('show int')).toEqual(each('show int'));
    expect(parse('z+')).toEqual(['z', '+']);
  });

  it('an emoji or a combining sequence alone is one key; the run keeps UTF-16 intact', () => {
    expect(parse('😀')).toEqual(['😀']);
    expect(parse('e\u0301')).toEqual(['e\u0301']);
    expect(parse('接口')).toEqual(['接', '口']);
    expect(parse('e\u0301👍🏽x')).toEqual(['e\u0301', '👍🏽', 'x']);
  });

  it('splits CR, LF and TAB out of a chunk (several keys in one read)', () => {
    expect(parse('int\t')).toEqual([...each('int'), 'tab']);
    expect(parse('show version\r')).toEqual([...each('show version'), 'return']);
    expect(parse('a\tb\nc\r')).toEqual(['a', 'tab', 'b', 'return', 'c', 'return']);
    expect(parse('\t\r')).toEqual(['tab', 'return']);
  });

  it('drops C1 controls', () => {
    expect(parse('a\u009bb')).toEqual(['a', 'b']);
  });
});

describe('control keys', () => {
  it('maps Ctrl-letters, keeping TAB/CR/LF/BS as named keys', () => {
    expect(parse('\u0001\u0005\u000b\u0015\u0017\u0019\u0012\u0003\u0004')).toEqual([
      'C-a',
      'C-e',
      'C-k',
      'C-u',
      'C-w',
      'C-y',
      'C-r',
      'C-c',
      'C-d',
    ]);
    expect(parse('\u007f')).toEqual(['backspace']);
    expect(parse('\b')).toEqual(['backspace']);
    expect(parse('\u0000')).toEqual(['C- ']);
    expect(parse('\u001f')).toEqual(['C-_']);
  });
});

describe('escape sequences', () => {
  it('decodes CSI and SS3 arrows', () => {
    expect(parse('\u001b[A\u001b[B\u001b[C\u001b[D')).toEqual(['up', 'down', 'right', 'left']);
    expect(parse('\u001bOA\u001bOD')).toEqual(['up', 'left']);
  });

  it('decodes home/end/delete/page keys in xterm, tmux and vt forms', () => {
    expect(parse('\u001b[H\u001b[F\u001bOH\u001bOF')).toEqual(['home', 'end', 'home', 'end']);
    expect(parse('\u001b[1~\u001b[4~\u001b[7~\u001b[8~')).toEqual(['home', 'end', 'home', 'end']);
    expect(parse('\u001b[3~\u001b[2~\u001b[5~\u001b[6~')).toEqual(['delete', 'insert', 'pageup', 'pagedown']);
  });

  it('decodes modifiers: ctrl/alt/shift arrows and ctrl-delete', () => {
    expect(parse('\u001b[1;5C\u001b[1;5D')).toEqual(['C-right', 'C-left']);
    expect(parse('\u001b[1;3D\u001b[1;2A\u001b[1;6C')).toEqual(['M-left', 'S-up', 'C-S-right']);
    expect(parse('\u001b[3;5~')).toEqual(['C-delete']);
    expect(parse('\u001b[Z')).toEqual(['S-tab']);
  });

  it('decodes function keys', () => {
    expect(parse('\u001bOP\u001bOS\u001b[15~\u001b[24~\u001b[1;2P')).toEqual([
      'f1',
      'f4',
      'f5',
      'f12',
      'S-f1',
    ]);
    expect(parse('\u001b[[A')).toEqual(['f1']);
  });

  it('reads Alt-<key> as an ESC prefix', () => {
    expect(parse('\u001bb\u001bf\u001bd\u001by')).toEqual(['M-b', 'M-f', 'M-d', 'M-y']);
    expect(parse('\u001b\u007f')).toEqual(['M-backspace']);
    expect(parse('\u001b\r')).toEqual(['M-return']);
    expect(parse('\u001bB')).toEqual(['M-S-B']);
  });

  it('reads ESC ESC [ A (Alt-arrow on some terminals) as meta + arrow', () => {
    expect(parse('\u001b\u001b[D')).toEqual(['M-left']);
  });

  it('reads rxvt shifted/ctrl arrows and kitty CSI-u', () => {
    expect(parse('\u001b[a\u001bOd')).toEqual(['S-up', 'C-left']);
    expect(parse('\u001b[97;5u\u001b[13u\u001b[27u')).toEqual(['C-a', 'return', 'escape']);
  });

  it('keeps raw sequences and marks unknown ones', () => {
    const [k] = parseKeys('\u001b[1;5C').keys;
    expect(k).toEqual({ name: 'right', ctrl: true, meta: false, shift: false, sequence: '\u001b[1;5C' });
    expect(parse('\u001b[99x')).toEqual(['unknown']);
  });

  it('text, keys and sequences mixed in one read come out in order', () => {
    expect(parse('int\u001b[Dx\u0017\r')).toEqual([...each('int'), 'left', 'x', 'C-w', 'return']);
  });
});

describe('escape at chunk boundaries', () => {
  it('a lone ESC at the end of a chunk is the Escape key', () => {
    expect(parse('\u001b')).toEqual(['escape']);
    expect(parse('ab\u001b')).toEqual(['a', 'b', 'escape']);
    expect(parseKeys('\u001b').state).toEqual(initialParserState);
  });

  it('an incomplete CSI is held until the next chunk completes it', () => {
    const first = parseKeys('x\u001b[1;');
    expect(show(first.keys)).toEqual(['x']);
    expect(first.state.pending).toBe('\u001b[1;');
    expect(show(parseKeys('5C', first.state).keys)).toEqual(['C-right']);
  });

  it('flushKeys releases a held sequence as Escape plus text', () => {
    const held = parseKeys('\u001b[').state;
    expect(show(flushKeys(held).keys)).toEqual(['escape', '[']);
    expect(flushKeys(held).state).toEqual(initialParserState);
    expect(flushKeys(initialParserState).keys).toEqual([]);
  });
});

describe('bracketed paste', () => {
  it('produces one paste key with CRLF/CR normalized to LF', () => {
    expect(parse('\u001b[200~set a\r\nset b\rset c\u001b[201~')).toEqual(['paste:set a\nset b\nset c']);
  });

  it('keeps control characters and keys around the paste', () => {
    expect(parse('a\u001b[200~x\ty\u001b[201~\r')).toEqual(['a', 'paste:x\ty', 'return']);
  });

  it('survives the content and both markers split across chunks', () => {
    const chunks = ['pre\u001b[20', '0~first ', 'line\r\nsec', 'ond\u001b[2', '01', '~\r'];
    expect(parseChunks(chunks).keys).toEqual([...each('pre'), 'paste:first line\nsecond', 'return']);
  });

  it('a CR split from its LF by a chunk boundary is still one line break', () => {
    expect(parseChunks(['\u001b[200~a\r', '\nb\u001b[201~']).keys).toEqual(['paste:a\nb']);
  });

  it('escape sequences inside a paste are text, not keys', () => {
    expect(parse('\u001b[200~\u001b[A\u001b[201~')).toEqual(['paste:\u001b[A']);
  });

  it('an unfinished paste waits (flush does not cut it short)', () => {
    const { keys, state } = parseChunks(['\u001b[200~abc']);
    expect(keys).toEqual([]);
    expect(state.paste).toBe('abc');
    expect(flushKeys(state).keys).toEqual([]);
    expect(show(parseKeys('\u001b[201~', state).keys)).toEqual(['paste:abc']);
  });

  it('an empty paste is an empty paste key; a stray end marker is ignored', () => {
    expect(parse('\u001b[200~\u001b[201~')).toEqual(['paste:']);
    expect(parse('\u001b[201~a')).toEqual(['a']);
  });
});

describe('typed text without ICU where it can (no Intl.Segmenter for the first key)', () => {
  const viaIcu = (s: string) =>
    [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);
  // Printable text of every kind: ASCII, Latin-1, combining marks, emoji with joiners, CJK.
  const typed = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom('e\u0301', '👍🏽', '👩‍💻', '中', 'ä', 'é', '🇫🇷', '\ufe0f'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
      ),
      minLength: 1,
      maxLength: 12,
    })
    .filter((s) => !/[\x00-\x1f\x7f-\x9f]/.test(s));

  it('a typed run read at once is one key per grapheme cluster, as ICU splits it', () => {
    fc.assert(
      fc.property(typed, (s) => {
        const keys = parseKeys(s).keys as KeyPress[];
        expect(keys.map((k) => k.sequence)).toEqual(viaIcu(s));
        // Each part is one key named for itself.
        for (const k of keys) expect(k.name).toBe(k.sequence);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('a paste without markers (a long run of text read at once)', () => {
  const long = 'x'.repeat(UNBRACKETED_PASTE_MIN);
  const flushed = (chunks: string[]) => {
    const out = parseChunks(chunks);
    return [...out.keys, ...show(flushKeys(out.state).keys)];
  };

  it('is one paste; a shorter run is typed keys', () => {
    expect(parse(long.slice(1))).toEqual(each(long.slice(1)));
    expect(parse(`${long}\u001b[A`)).toEqual([`PASTE:${long}`, 'up']);
  });

  it('a one-line run keeps the Enter or Tab that ends it as a key: inserted, then run, as typed', () => {
    expect(parse(`${long}\r\u001b[A`)).toEqual([`PASTE:${long}`, 'return', 'up']);
    expect(parse(`${long}\t\u0001`)).toEqual([`PASTE:${long}`, 'tab', 'C-a']);
    expect(parse(`${long}\r`)).toEqual([`PASTE:${long}`, 'return']);
    expect(parse(`a${'\r'.repeat(UNBRACKETED_PASTE_MIN)}\u0001`)).toEqual([
      'a',
      ...Array(UNBRACKETED_PASTE_MIN).fill('return'),
      'C-a',
    ]);
  });

  it('a run with a line break inside is one paste to its end, CR as LF', () => {
    expect(parse(`${long}\rshow\r\n\u001b[A`)).toEqual([`PASTE:${long}\nshow\n`, 'up']);
  });

  it('one line at the end of a read is given out at once; the next read’s text goes on with it', () => {
    const first = parseKeys(long);
    expect(show(first.keys)).toEqual([`PASTE:${long}`]);
    const second = parseKeys('ab\u001b[A', first.state);
    expect(show(second.keys)).toEqual(['PASTE:ab', 'up']);
    // After the caller's short wait (flushKeys), text is typed again.
    const later = parseKeys('ab', flushKeys(first.state).state);
    expect(show(later.keys)).toEqual(['a', 'b']);
  });

  it('lines are held at the end of a read until a read brings something else, or none comes', () => {
    const first = parseKeys(`${long}\r${long}`);
    expect(first.keys).toEqual([]);
    const second = parseKeys(long, first.state);
    expect(second.keys).toEqual([]);
    const third = parseKeys('\r\u0001', second.state);
    expect(show(third.keys)).toEqual([`PASTE:${long}\n${long}${long}\n`, 'C-a']);
    expect(third.state).toEqual({ pending: '', paste: null });
    const held = parseKeys(`${long}\rshow`).state;
    expect(show(flushKeys(held).keys)).toEqual([`PASTE:${long}\nshow`]);
    expect(flushKeys(held).state).toEqual(initialParserState);
  });

  it('a run of any length is taken apart without spreading it into a call (no stack overflow)', () => {
    expect(parseKeys('\r'.repeat(200_000)).keys).toHaveLength(200_000);
    expect(typedKeys('j'.repeat(200_000))).toHaveLength(200_000);
  });

  const lines = Array.from({ length: 250 }, (_, i) => `set interface ether${i} mtu 1500 # pasted`);
  const reads = (text: string) =>
    Array.from({ length: Math.ceil(text.length / 4095) }, (_, i) => text.slice(i * 4095, (i + 1) * 4095));

  it('10 kB of lines in reads of 4 kB arrive as one paste', () => {
    const text = lines.join('\r');
    expect(text.length).toBeGreaterThan(10_000);
    expect(flushed(reads(text))).toEqual([`PASTE:${text.replace(/\r/g, '\n')}`]);
  });

  it('10 kB of one line in reads of 4 kB arrive as pastes of the whole line, no typed key', () => {
    const text = lines.join(' ; ');
    const keys = flushed(reads(`${text}\r`));
    expect(keys.at(-1)).toBe('return');
    const pastes = keys.slice(0, -1);
    expect(pastes.every((k) => k.startsWith('PASTE:'))).toBe(true);
    expect(pastes.map((k) => k.slice('PASTE:'.length)).join('')).toBe(text);
  });
});
