// Terminal size from Ink's stdout (never process.stdout), following 'resize' events.
// Explicit sizes win (tests, benchmarks, a parent that lays panes out itself).
//
// One store per stream, listening in FRONT of Ink's own 'resize' listener: the new size
// reaches every component (useSyncExternalStore renders synchronously in Ink's legacy root)
// before Ink draws a frame for the new rows, so the live region is never drawn at the old
// height on a smaller terminal (see ink-stdout.ts).
import { useStdout } from 'ink';
import { useSyncExternalStore } from 'react';
import { realStdout } from './ink-stdout.js';

export interface TerminalSize {
  columns: number;
  rows: number;
}

interface SizeStore {
  get(): TerminalSize;
  subscribe(listener: () => void): () => void;
}

type Stream = Pick<NodeJS.WriteStream, 'columns' | 'rows' | 'prependListener' | 'off'>;

const stores = new WeakMap<object, SizeStore>();

function readSize(stdout: Stream): TerminalSize {
  const real = realStdout(stdout);
  return { columns: real.columns || 80, rows: real.rows || 24 };
}

function storeFor(stdout: Stream): SizeStore {
  const key = realStdout(stdout);
  const existing = stores.get(key);
  if (existing) return existing;
  let size = readSize(stdout);
  const listeners = new Set<() => void>();
  const onResize = () => {
    const next = readSize(stdout);
    if (next.columns === size.columns && next.rows === size.rows) return;
    size = next;
    for (const l of listeners) l();
  };
  const store: SizeStore = {
    get: () => size,
    subscribe(listener) {
      if (listeners.size === 0) {
        stdout.prependListener('resize', onResize);
        onResize(); // a resize may have come while nobody listened
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stdout.off('resize', onResize);
      };
    },
  };
  stores.set(key, store);
  return store;
}

export function useTerminalSize(override?: Partial<TerminalSize>): TerminalSize {
  const { stdout } = useStdout();
  const store = storeFor(stdout);
  const size = useSyncExternalStore(store.subscribe, store.get, store.get);
  const columns = override?.columns ?? size.columns;
  const rows = override?.rows ?? size.rows;
  return columns === size.columns && rows === size.rows ? size : { columns, rows };
}
