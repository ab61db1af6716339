// The time left in a confirmed-change window, for the prompt (`[confirm 4m59s]`); ticks once a
// second, and renders again only when the text changes.
import { useEffect, useState } from 'react';
import type { Journal } from '../features/changes/journal/journal.js';
import { windowLeft } from '../features/changes/confirm.js';

export function useWindowLeft(journal: Journal | undefined): string | undefined {
  const [left, setLeft] = useState(() => windowLeft(journal, Date.now()));
  useEffect(() => {
    const t = setInterval(() => setLeft(windowLeft(journal, Date.now())), 1000);
    return () => clearInterval(t);
  }, [journal]);
  return left;
}
