// The open window's tag in the prompt (`[confirm 4m59s]`, `[unguarded 3m12s]`): computed at
// each render, as the kept line's prompt is (shell-controller.ts), so the prompt under a line
// never shows more time than the line did. A tick once a second renders again only when the
// text changes.
import { useEffect, useState } from 'react';
import type { WindowPort } from '../contract/services.js';

export function useWindowLeft(windows: WindowPort | undefined): string | undefined {
  // The journal opens after the prompt is drawn, and a window opens whenever the user says so:
  // each tick asks the port for the window as it is now.
  const [, setLeft] = useState(() => windows?.tag(Date.now()));
  useEffect(() => {
    const t = setInterval(() => setLeft(windows?.tag(Date.now())), 1000);
    return () => clearInterval(t);
  }, [windows]);
  // A window settled since the last tick (confirm, a revert on leaving) shows at the next render.
  return windows?.tag(Date.now());
}
