// The time left in a confirmed-change window, for the prompt (`[confirm 4m59s]`): computed at
// each render, as the kept line's prompt is (shell-controller.ts), so the prompt under a line
// never shows more time than the line did. A tick once a second renders again only when the
// text changes.
import { useEffect, useState } from 'react';
import type { JournalPort } from '../contract/services.js';
import { windowLeft } from '../features/changes/confirm.js';

export function useWindowLeft(journal: JournalPort | undefined): string | undefined {
  // The journal opens after the prompt is drawn, and a window opens whenever the user says so:
  // each tick asks the port for the journal as it is now.
  const [, setLeft] = useState(() => windowLeft(journal?.opened(), Date.now()));
  useEffect(() => {
    const t = setInterval(() => setLeft(windowLeft(journal?.opened(), Date.now())), 1000);
    return () => clearInterval(t);
  }, [journal]);
  // A window settled since the last tick (confirm, a revert on leaving) shows at the next render.
  return windowLeft(journal?.opened(), Date.now());
}
