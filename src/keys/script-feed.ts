// `routersh play`: a demo script typed into the shell as a presenter would type it. Each line
// is typed key by key at a human pace (30–60 ms a key, jittered; `--speed 2` halves it), then
// the script waits before Enter: for the presenter's Enter or space, or `--auto` seconds.
// Comment lines are not typed: they are written as a dim caption above the prompt. The next
// line starts when the shell is back at its prompt (a run ended, a pane or `--More--` closed).
//
// The presenter keeps the keyboard: while a line is typed, Enter or space types the rest at
// once; at the pause, any other key hands the keyboard over — that key and the next ones go
// to the shell, the typed line can be edited (or dropped with Ctrl-C), and the presenter's
// Enter runs it; the script then goes on with its next line.
import { sanitizeLine } from '../term/sanitize.js';
import type { KeyFeed, KeyFeedIO } from './key-feed.js';

export type ScriptStep = { kind: 'caption'; text: string } | { kind: 'line'; text: string };

export interface ScriptFeedOptions {
  steps: readonly ScriptStep[];
  /** Milliseconds before each Enter; undefined: wait for the presenter. */
  autoMs?: number | undefined;
  /** Typing speed factor (2: twice as fast). */
  speed?: number | undefined;
  color: boolean;
  random?: (() => number) | undefined;
  /** After the last step (the shell stays open). */
  onDone?: (() => void) | undefined;
}

/** Time for the shell to take the Enter (its state shows the run) before it is asked again. */
const SETTLE_MS = 150;
/** A beat between a command's end and the next line, for the audience to read. */
const BEAT_MS = 400;
const POLL_MS = 50;

const isGo = (chunk: string) => chunk === '\r' || chunk === '\n' || chunk === ' ';
// Enter as the presenter types it; a bracketed paste holding newlines is not an Enter.
const hasEnter = (chunk: string) => !chunk.startsWith('\u001b[200~') && /[\r\n]/.test(chunk);

export function captionText(text: string, color: boolean): string {
  const shown = sanitizeLine(text);
  return color ? `\u001b[2m${shown}\u001b[22m\n` : `${shown}\n`;
}

export function createScriptFeed(o: ScriptFeedOptions): KeyFeed {
  const speed = o.speed && o.speed > 0 ? o.speed : 1;
  const random = o.random ?? Math.random;
  let io: KeyFeedIO | undefined;
  let ready = false;
  let next = 0;
  let mode: 'wait' | 'typing' | 'pause' | 'presenter' | 'done' = 'wait';
  let keys: string[] = [];
  let typed = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number, fn: () => void) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
  const keyDelay = () => (30 + 30 * random()) / speed;

  const startNext = () => {
    if (!io || mode !== 'wait') return;
    if (!ready) return later(POLL_MS, startNext);
    for (let s = o.steps[next]; s?.kind === 'caption'; s = o.steps[++next])
      io.print(captionText(s.text, o.color));
    const step = o.steps[next++];
    if (!step) {
      mode = 'done';
      o.onDone?.();
      return;
    }
    keys = [...step.text];
    typed = 0;
    mode = 'typing';
    later(keyDelay(), typeOne);
  };
  const typeOne = () => {
    if (mode !== 'typing' || !io) return;
    io.push(keys[typed++] as string);
    if (typed < keys.length) later(keyDelay(), typeOne);
    else pause();
  };
  const pause = () => {
    mode = 'pause';
    if (o.autoMs !== undefined) later(o.autoMs, enter);
  };
  const enter = () => {
    if (mode !== 'pause' || !io) return;
    io.push('\r');
    resume();
  };
  // After an Enter: the next line once the shell is at its prompt again.
  const resume = () => {
    mode = 'wait';
    later(SETTLE_MS, () => later(BEAT_MS / speed, startNext));
  };
  const takeOver = () => {
    if (timer) clearTimeout(timer);
    mode = 'presenter';
  };

  return {
    attach(target) {
      io = target;
      later(BEAT_MS / speed, startNext);
      return () => {
        if (timer) clearTimeout(timer);
        io = undefined;
      };
    },
    fromStdin(chunk) {
      switch (mode) {
        case 'typing':
          if (!isGo(chunk)) break;
          io?.push(keys.slice(typed).join(''));
          typed = keys.length;
          pause();
          return '';
        case 'pause':
          if (!isGo(chunk)) break;
          enter();
          return '';
        case 'presenter':
          if (hasEnter(chunk)) resume();
          return chunk;
        default:
          return chunk;
      }
      takeOver();
      return chunk;
    },
    setReady(value) {
      ready = value;
    },
  };
}

/** A script file's text → steps: `#` lines are captions (the `#` and one space dropped), blank lines and a `#!` first line are skipped. */
export function parseScript(text: string): ScriptStep[] {
  const steps: ScriptStep[] = [];
  text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === '' || (i === 0 && line.startsWith('#!'))) return;
      if (line.startsWith('#')) steps.push({ kind: 'caption', text: line.replace(/^#\s?/, '') });
      else steps.push({ kind: 'line', text: line });
    });
  return steps;
}
