// A consumer of the one key source: `handler` gets each key while `isActive`, before the
// consumers registered earlier; it returns true when it used the key. Without a KeyProvider
// above it (a pane rendered alone, a benchmark) there are no keys. Subscribed in a layout effect:
// in the commit that mounts or removes the consumer, before the next key is read. A passive
// effect's cleanup could run after the frame without the pane was on screen, and a key typed
// then went to the pane that was gone (the dashboard's `+` right after `z`, in tmux under load).
import { useContext, useLayoutEffect, useRef } from 'react';
import type { Key } from '../../keys/key-parser.js';
import { KeySourceContext } from './KeyProvider.js';

export function useKeys(handler: (key: Key) => boolean, options: { isActive?: boolean } = {}): void {
  const source = useContext(KeySourceContext);
  const latest = useRef(handler);
  latest.current = handler;
  const active = options.isActive !== false;
  useLayoutEffect(() => {
    if (!source || !active) return;
    return source.subscribe((k) => latest.current(k));
  }, [source, active]);
}
