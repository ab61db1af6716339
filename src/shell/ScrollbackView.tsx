// The scrollback in Ink's <Static>: written once, above the live region. Static writes the
// items added since it last rendered; after each commit it has written all it was given,
// which `onWritten` reports so a full list can drop them (scrollback.ts, pushItems).
import { Static, Text } from 'ink';
import { useLayoutEffect } from 'react';
import { sanitizeText } from '../term/sanitize.js';
import type { Scrollback, ShellItem } from './scrollback.js';

// The last write of every item: outputs, errors and echoed commands (a completed hostile
// name, a pasted line) are sanitized here, whatever their builder did.
function Item({ it, color }: { it: ShellItem; color: boolean }) {
  const text = sanitizeText(it.text);
  if (it.kind === 'error') return <Text {...(color ? { color: 'red' } : {})}>{text}</Text>;
  if (it.kind === 'info') return <Text dimColor>{text}</Text>;
  return <Text>{text}</Text>;
}

export interface ScrollbackViewProps {
  scrollback: Scrollback;
  color: boolean;
  onWritten: (epoch: number, count: number) => void;
}

export function ScrollbackView({ scrollback, color, onWritten }: ScrollbackViewProps) {
  useLayoutEffect(() => onWritten(scrollback.epoch, scrollback.items.length));
  // A new epoch is a new Static: it writes its (unwritten) items from the start.
  return (
    <Static key={scrollback.epoch} items={scrollback.items as ShellItem[]}>
      {(it) => <Item key={it.id} it={it} color={color} />}
    </Static>
  );
}
