// The one key source without React: chunks → keys in order (a lone Escape after a pause),
// and each key to the newest consumer that takes it.
import { describe, expect, it } from 'vitest';
import { type Key, UNBRACKETED_PASTE_MIN } from '../../src/keys/key-parser.js';
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
    expect(got).toEqual(['a', 'b', 'return', 'paste:x\ny', 'tab']);
    await new Promise((r) => setTimeout(r, 30));
    expect(got.slice(5)).toEqual(['escape', '[']);
    reader.stop();
  });
});

describe('a paste without markers', () => {
  const long = 'j'.repeat(UNBRACKETED_PASTE_MIN);

  it('lines at the end of a read wait for the next read, then for nothing more', async () => {
    const got: string[] = [];
    let flushed: () => void = () => {};
    const done = new Promise<void>((r) => {
      flushed = r;
    });
    const reader = createKeyReader((k) => {
      got.push(name(k));
      flushed();
    }, 5);
    reader.push(`${long}\r${long}`);
    reader.push('\r');
    expect(got).toEqual([]);
    await done;
    expect(got).toEqual([`paste:${long}\n${long}\n`]);
    reader.stop();
  });

  it('goes to the prompt as one paste; to a pane, which takes no paste, as the keys it was typed as', () => {
    const d = createKeyDispatcher();
    const seen: string[] = [];
    let paneOpen = false;
    // The shell: the prompt takes every key, but none while a pane is open.
    d.subscribe((k) => {
      if (paneOpen) return false;
      seen.push(`prompt:${name(k)}`);
      return true;
    });
    d.dispatch({ name: 'paste', text: 'jj', unbracketed: true });
    paneOpen = true;
    const offPane = d.subscribe((k) => {
      seen.push(`pane:${name(k)}`);
      return k.name === 'j';
    });
    expect(d.dispatch({ name: 'paste', text: 'jj', unbracketed: true })).toBe(true);
    expect(d.dispatch({ name: 'paste', text: 'jj' })).toBe(false); // bracketed: a paste still
    offPane();
    expect(seen).toEqual(['prompt:paste:jj', 'pane:paste:jj', 'pane:j', 'pane:j', 'pane:paste:jj']);
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
