// The play feed on real timers (at a high speed): what it types, when it waits, and how the
// presenter's keys pace it or take over. A wait test: its time is the feed's own settle and
// beat between lines, which the speed does not shorten.
import { describe, expect, it } from 'vitest';
import { createScriptFeed, parseScript } from '../../src/keys/script-feed.js';

const until = async (test: () => boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

function rig(script: string, autoMs?: number) {
  const pushed: string[] = [];
  const printed: string[] = [];
  let done = false;
  const feed = createScriptFeed({
    steps: parseScript(script),
    autoMs,
    speed: 100,
    color: false,
    onDone: () => {
      done = true;
    },
  });
  feed.setReady(true);
  const detach = feed.attach({ push: (c) => pushed.push(c), print: (t) => printed.push(t) });
  return { feed, pushed, printed, detach, typed: () => pushed.join(''), done: () => done };
}

describe('parseScript', () => {
  it('makes # lines captions and skips blank lines and a #! line', () => {
    expect(parseScript('#!/usr/bin/env routersh\n# Hello\n\nshow interface\r\n  #x\n')).toEqual([
      { kind: 'caption', text: 'Hello' },
      { kind: 'line', text: 'show interface' },
      { kind: 'caption', text: 'x' },
    ]);
  });
});

describe('createScriptFeed', () => {
  it('with --auto, shows captions, types each line key by key and presses Enter by itself', async () => {
    const r = rig('# Step one\nshow a\nshow b\n', 0);
    await until(r.done);
    expect(r.printed).toEqual(['Step one\n']);
    expect(r.typed()).toBe('show a\rshow b\r');
    expect(r.pushed.slice(0, 3)).toEqual(['s', 'h', 'o']);
    r.detach();
  });

  it('waits for the shell to be back at its prompt before the next line', async () => {
    const r = rig('one\ntwo\n', 0);
    await until(() => r.typed() === 'one\r');
    r.feed.setReady(false);
    await new Promise((res) => setTimeout(res, 300));
    expect(r.typed()).toBe('one\r');
    r.feed.setReady(true);
    await until(r.done);
    expect(r.typed()).toBe('one\rtwo\r');
  });

  it('without --auto, Enter or space presses Enter; the presenter keys are not passed on', async () => {
    const r = rig('ab\ncd\n');
    await until(() => r.typed() === 'ab');
    await new Promise((res) => setTimeout(res, 100));
    expect(r.typed()).toBe('ab'); // waits for the presenter
    expect(r.feed.fromStdin('\r')).toBe('');
    await until(() => r.typed() === 'ab\rcd');
    expect(r.feed.fromStdin(' ')).toBe('');
    await until(r.done);
    expect(r.typed()).toBe('ab\rcd\r');
  });

  it('another key at the pause hands over the keyboard until the presenter’s Enter', async () => {
    const r = rig('show a\nshow b\n');
    await until(() => r.typed() === 'show a');
    expect(r.feed.fromStdin('\u007f')).toBe('\u007f'); // Backspace: edits the typed line
    expect(r.feed.fromStdin('x')).toBe('x');
    expect(r.feed.fromStdin(' ')).toBe(' '); // the presenter's space is a space now
    await new Promise((res) => setTimeout(res, 100));
    expect(r.typed()).toBe('show a');
    expect(r.feed.fromStdin('\r')).toBe('\r');
    await until(() => r.typed() === 'show ashow b');
    r.feed.fromStdin('\r');
    await until(r.done);
  });
});
