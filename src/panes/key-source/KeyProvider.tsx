// The one key source for the whole app, on Ink's public API: useStdin()'s stream emits
// 'data' for every chunk Ink reads (PLATFORM-NOTES), the chunks go through the key parser,
// and each key goes to the consumers registered with useKeys (newest first). Raw mode and
// bracketed paste are on while the provider is mounted and stdin is a TTY. Ctrl-Z suspends
// in every mode (suspend.ts); SIGCONT takes the terminal back.
import { useStdin, useStdout } from 'ink';
import { createContext, type ReactNode, useEffect, useRef, useState } from 'react';
import type { KeyFeed } from '../../keys/key-feed.js';
import { createKeyDispatcher, createKeyReader, type KeyDispatcher } from '../../keys/key-stream.js';
import { matchesCommand } from '../../keys/keymap.js';
import { createSuspend } from '../../keys/suspend.js';

export const KeySourceContext = createContext<KeyDispatcher | null>(null);

export interface KeyProviderProps {
  children?: ReactNode;
  /** Ask the terminal for bracketed paste (ESC[?2004h); default on. */
  bracketedPaste?: boolean | undefined;
  /** How long an incomplete escape sequence waits for the rest (ms). */
  escapeTimeoutMs?: number | undefined;
  /** Ctrl-Z, before the process stops: e.g. erase the live region. */
  beforeSuspend?: (() => void) | undefined;
  /** A script typed into the same parser (`routersh play`); stdin passes through it first. */
  feed?: KeyFeed | undefined;
  /** Keys read before the app had loaded (shell/early-prompt.ts), taken before stdin is read. */
  earlyKeys?: (() => string[]) | undefined;
  /** Told of every key before it is dispatched (term/draw-now.ts: its frame is drawn at once). */
  onKey?: (() => void) | undefined;
}

type RawStdin = { setRawMode(raw: boolean): unknown };

export function KeyProvider(props: KeyProviderProps) {
  const { stdin, setRawMode, isRawModeSupported } = useStdin();
  const { stdout, write } = useStdout();
  const [dispatcher] = useState(createKeyDispatcher);
  const beforeSuspend = useRef(props.beforeSuspend);
  beforeSuspend.current = props.beforeSuspend;
  const onKey = useRef(props.onKey);
  onKey.current = props.onKey;
  const paste = props.bracketedPaste !== false;
  const timeout = props.escapeTimeoutMs ?? 50;
  const active = isRawModeSupported === true;
  const feed = props.feed;
  const earlyKeys = useRef(props.earlyKeys);
  // Early keys taken but not yet acted on: kept here, not in the effect, so that an effect run
  // cleaned up before they act (a dependency changed) hands them to the next run, not to nobody.
  const heldKeys = useRef<string[]>([]);

  useEffect(() => {
    if (!active) return;
    // Taken before setRawMode adds Ink's reader: each key is in this list or still in stdin.
    heldKeys.current.push(...(earlyKeys.current?.() ?? []));
    setRawMode(true);
    if (paste) stdout.write('\u001b[?2004h');
    const suspend = createSuspend({
      stdin: stdin as unknown as RawStdin,
      write: (s) => stdout.write(s),
      bracketedPaste: paste,
      beforeStop: () => beforeSuspend.current?.(),
      // Ink's write(): erases its last frame (none after beforeStop), writes, draws the frame.
      redraw: () => write(''),
    });
    const reader = createKeyReader((k) => {
      onKey.current?.();
      if (matchesCommand('app.suspend', k)) suspend.suspend();
      else dispatcher.dispatch(k);
    }, timeout);
    const push = (chunk: string | Buffer) => {
      const text = feed ? feed.fromStdin(String(chunk)) : String(chunk);
      if (text) reader.push(text);
    };
    // The keys read before the app loaded act once the first render has returned (a microtask),
    // or first thing when stdin reads more, whichever comes first: acted on inside the first
    // commit, a Ctrl-Z typed at the plain prompt called the shell's beforeSuspend before Ink's
    // render() had returned its instance.
    let live = true;
    const flushEarly = () => {
      const keys = heldKeys.current;
      heldKeys.current = [];
      for (const chunk of keys) push(chunk);
    };
    if (heldKeys.current.length > 0)
      queueMicrotask(() => {
        if (live) flushEarly();
      });
    const onData = (chunk: string | Buffer) => {
      if (heldKeys.current.length > 0) flushEarly();
      push(chunk);
    };
    stdin.on('data', onData);
    const detach = feed?.attach({ push: (c) => reader.push(c), print: (t) => write(t) });
    return () => {
      live = false;
      detach?.();
      reader.stop();
      suspend.dispose();
      stdin.off('data', onData);
      if (paste) stdout.write('\u001b[?2004l');
      setRawMode(false);
    };
  }, [active, dispatcher, feed, paste, setRawMode, stdin, stdout, timeout, write]);

  return <KeySourceContext.Provider value={dispatcher}>{props.children}</KeySourceContext.Provider>;
}
