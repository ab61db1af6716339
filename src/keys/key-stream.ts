// The one key source, without React: raw chunks → parsed keys, one per grapheme (an incomplete
// escape sequence is flushed as Escape after a short wait; a long run of text, a paste, when
// no more of it came) → the newest consumer that takes the key.
import { flushKeys, initialParserState, isPaste, parseKeys, typedKeys } from './key-parser.js';
import type { Key, ParserState } from './key-parser.js';

/** Returns true when it used the key; otherwise the next older consumer gets it. */
export type KeyHandler = (key: Key) => boolean;

export interface KeyDispatcher {
  /** Adds a consumer in front of the others; returns its removal. */
  subscribe(handler: KeyHandler): () => void;
  dispatch(key: Key): boolean;
}

export function createKeyDispatcher(): KeyDispatcher {
  // Newest first: a pane opened over the shell gets keys before the prompt does.
  let consumers: KeyHandler[] = [];
  return {
    subscribe(handler) {
      consumers = [handler, ...consumers];
      return () => {
        consumers = consumers.filter((h) => h !== handler);
      };
    },
    dispatch(key) {
      for (const h of consumers) if (h(key)) return true;
      // A long run read at once is a paste to the prompt; to a pane (which takes no paste) it is
      // what it was typed as, `jjjj…` held down over a slow link: a key per grapheme.
      if (!isPaste(key) || !key.unbracketed) return false;
      let used = false;
      for (const k of typedKeys(key.text)) used = this.dispatch(k) || used;
      return used;
    },
  };
}

export interface KeyReader {
  push(chunk: string): void;
  stop(): void;
}

/** Parses chunks as they arrive and emits every key, in order. */
export function createKeyReader(emit: (key: Key) => void, escapeTimeoutMs = 50): KeyReader {
  let parser: ParserState = initialParserState;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const emitAll = (keys: Key[]) => {
    for (const k of keys) emit(k);
  };
  return {
    push(chunk) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const out = parseKeys(chunk, parser);
      parser = out.state;
      emitAll(out.keys);
      if ((parser.pending !== '' && parser.paste === null) || parser.run || parser.pasting) {
        timer = setTimeout(() => {
          timer = undefined;
          const flushed = flushKeys(parser);
          parser = flushed.state;
          emitAll(flushed.keys);
        }, escapeTimeoutMs);
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
