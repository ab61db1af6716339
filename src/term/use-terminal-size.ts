// Terminal size from Ink's stdout (never process.stdout), following 'resize' events.
// Explicit sizes win (tests, benchmarks, a parent that lays panes out itself).
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

export function useTerminalSize(override?: Partial<TerminalSize>): TerminalSize {
  const { stdout } = useStdout();
  const columns = override?.columns;
  const rows = override?.rows;
  const [size, setSize] = useState(() => readSize(stdout, columns, rows));
  useEffect(() => {
    const onResize = () =>
      setSize((old) => {
        const next = readSize(stdout, columns, rows);
        return next.columns === old.columns && next.rows === old.rows ? old : next;
      });
    stdout.on('resize', onResize);
    onResize();
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, columns, rows]);
  return size;
}

function readSize(
  stdout: NodeJS.WriteStream,
  columns: number | undefined,
  rows: number | undefined,
): TerminalSize {
  return { columns: columns ?? (stdout.columns || 80), rows: rows ?? (stdout.rows || 24) };
}
