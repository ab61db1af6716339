// The one key source without React: chunks → keys in order (a lone Escape after a pause),
// and each key to the newest consumer that takes it.
import { describe, expect, it } from 'vitest';
import type { Key } from '../../src/keys/key-parser.js';
import { createKeyDispatcher, createKeyReader } from '../../src/keys/key-stream.js';

const name = (k: Key) => ('text' in k ? `paste:${k.text}` : k.name);

describe('createKeyReader', () => {
  it('emits keys of every chunk in order; an unfinished sequence is flushed after the timeout', async () => {
    const got: string[] = [];
    const reader = createKeyReader((k) => got.push(name(k)), 5);
    reader.push('ab\r');
    reader.push('\u001b[200~x\ny');
    reader.push('\u001b[201~\t');
    reader.push('\u001b[');
    expect(got).toEqual(['text', 'return', 'paste:x\ny', 'tab']);
    await new Promise((r) => setTimeout(r, 30));
    expect(got.slice(4)).toEqual(['escape', '[']);
    reader.stop();
  });
});

describe('createKeyDispatcher', () => {
  it('gives a key to the newest consumer first; an unused key falls to the older one', () => {
    const d = createKeyDispatcher();
    const seen: string[] = [];
    const offShell = d.subscribe((k) => {
      seen.push(`shell:${name(k)}`);
      return true;
    });
    const offPane = d.subscribe((k) => {
      seen.push(`pane:${name(k)}`);
      return name(k) === 'q';
    });
    d.dispatch({ name: 'q', ctrl: false, meta: false, shift: false, sequence: 'q' });
    d.dispatch({ name: 'x', ctrl: false, meta: false, shift: false, sequence: 'x' });
    offPane();
    d.dispatch({ name: 'y', ctrl: false, meta: false, shift: false, sequence: 'y' });
    offShell();
    expect(d.dispatch({ name: 'z', ctrl: false, meta: false, shift: false, sequence: 'z' })).toBe(false);
    expect(seen).toEqual(['pane:q', 'pane:x', 'shell:x', 'shell:y']);
  });
});
