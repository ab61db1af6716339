// The scrollback in Ink's <Static>: written once, above the live region. Static writes the
// items added since it last rendered; after each commit it has written all it was given,
// which `onWritten` reports so a full list can drop them (scrollback.ts, pushItems).
import { Static, Text } from 'ink';
import { useLayoutEffect } from 'react';
import type { Scrollback, ShellItem } from './scrollback.js';

function Item({ it, color }: { it: ShellItem; color: boolean }) {
  if (it.kind === 'error') return <Text {...(color ? { color: 'red' } : {})}>{it.text}</Text>;
  if (it.kind === 'info') return <Text dimColor>{it.text}</Text>;
  return <Text>{it.text}</Text>;
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
