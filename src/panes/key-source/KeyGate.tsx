// Keys for a subtree only while `open()` holds. A pane that is closing stays subscribed until
// React runs its effects' cleanups, which can come after the frame without it is on screen: a
// key typed then went to the closing pane (a dashboard's `+` right after `z` returned from a
// zoomed chart zoomed that chart, which nobody saw, and the dashboard's window stayed).
import { type ReactNode, useContext, useMemo, useRef } from 'react';
import type { KeyDispatcher } from '../../keys/key-stream.js';
import { KeySourceContext } from './KeyProvider.js';

export function KeyGate(props: { open: () => boolean; children: ReactNode }): ReactNode {
  const source = useContext(KeySourceContext);
  const open = useRef(props.open);
  open.current = props.open;
  const gated = useMemo<KeyDispatcher | null>(
    () =>
      source && {
        subscribe: (handler) => source.subscribe((k) => open.current() && handler(k)),
        dispatch: (k) => source.dispatch(k),
      },
    [source],
  );
  return <KeySourceContext.Provider value={gated}>{props.children}</KeySourceContext.Provider>;
}
