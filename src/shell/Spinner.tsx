// The "waiting for the router" line under the prompt; fast answers never flash it.
import { Text } from 'ink';
import { useEffect, useState } from 'react';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function Spinner({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 80);
    return () => clearInterval(t);
  }, []);
  if (now - since < 150) return null;
  return (
    <Text
      dimColor
    >{`${FRAMES[Math.floor(now / 80) % FRAMES.length]} waiting for the router… (Ctrl-C cancels)`}</Text>
  );
}
