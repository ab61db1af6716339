// The time left in a confirmed-change window, for the prompt (`[confirm 4m59s]`); ticks once a
// second, and renders again only when the text changes.
import { useEffect, useState } from 'react';
import type { JournalPort } from '../contract/services.js';
import { windowLeft } from '../features/changes/confirm.js';

export function useWindowLeft(journal: JournalPort | undefined): string | undefined {
  // The journal opens after the prompt is drawn, and a window opens whenever the user says so:
  // each tick asks the port for the journal as it is now.
  const [left, setLeft] = useState(() => windowLeft(journal?.opened(), Date.now()));
  useEffect(() => {
    const t = setInterval(() => setLeft(windowLeft(journal?.opened(), Date.now())), 1000);
    return () => clearInterval(t);
  }, [journal]);
  // A window settled since the last tick (confirm, a revert on leaving) shows at the next render.
  return journal?.opened()?.window() ? left : undefined;
}
