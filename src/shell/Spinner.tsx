// The "waiting for the router" line under the prompt; fast answers never flash it. A long
// command that reports progress (match-list import) shows its own line instead.
import { Text } from 'ink';
import { useEffect, useState } from 'react';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function Spinner({ since, progress }: { since: number; progress?: string | undefined }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 80);
    return () => clearInterval(t);
  }, []);
  if (now - since < 150) return null;
  const what = progress ?? 'waiting for the router…';
  return (
    <Text
      dimColor
      wrap="truncate-end"
    >{`${FRAMES[Math.floor(now / 80) % FRAMES.length]} ${what} (Ctrl-C cancels)`}</Text>
  );
}
