// A consumer of the one key source: `handler` gets each key while `isActive`, before the
// consumers registered earlier; it returns true when it used the key. Without a KeyProvider
// above it (a pane rendered alone, a benchmark) there are no keys.
import { useContext, useEffect, useRef } from 'react';
import type { Key } from '../../keys/key-parser.js';
import { KeySourceContext } from './KeyProvider.js';

export function useKeys(handler: (key: Key) => boolean, options: { isActive?: boolean } = {}): void {
  const source = useContext(KeySourceContext);
  const latest = useRef(handler);
  latest.current = handler;
  const active = options.isActive !== false;
  useEffect(() => {
    if (!source || !active) return;
    return source.subscribe((k) => latest.current(k));
  }, [source, active]);
}
