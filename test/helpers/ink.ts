// Shared helpers for Ink tests: rendering under the one key source, plain frames, and
// waiting for a frame to change (no sleeps).
import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { createElement, type ReactElement } from 'react';
import { KeyProvider } from '../../src/panes/key-source/KeyProvider.js';

/** Renders `el` under a KeyProvider (as ShellApp does), so stdin writes reach its keys. */
export function renderWithKeys(el: ReactElement) {
  const wrap = (e: ReactElement) => createElement(KeyProvider, null, e);
  const r = render(wrap(el));
  return { ...r, rerender: (next: ReactElement) => r.rerender(wrap(next)) };
}

export const KEYS = {
  left: '\u001b[D',
  right: '\u001b[C',
  up: '\u001b[A',
  down: '\u001b[B',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  escape: '\u001b',
  enter: '\r',
  backspace: '\u007f',
} as const;

export function plain(frame: string | undefined): string {
  return stripVTControlCharacters(frame ?? '');
}

/**
 * Polls `check` on every macrotask until it passes or `timeoutMs` elapses (a hang guard far
 * above a frame's time on a loaded machine); rethrows its last error.
 */
export async function waitFor<T>(check: () => T, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      return check();
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw last;
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Waits until the (plain) last frame satisfies `predicate`, returning it. */
export async function waitForFrame(
  lastFrame: () => string | undefined,
  predicate: (frame: string) => boolean,
  timeoutMs = 30_000,
): Promise<string> {
  return waitFor(() => {
    const f = plain(lastFrame());
    if (!predicate(f)) throw new Error(`frame did not match:\n${f}`);
    return f;
  }, timeoutMs);
}
