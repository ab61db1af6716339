// A long step's progress line (the walk, a load's checks and reads): nothing for a second —
// most steps end before, and a line that flashes is noise — then the latest line every 250 ms.
import type { HandlerEnv } from '../../contract/handler.js';

const PROGRESS_AFTER_MS = 1000;
const PROGRESS_EVERY_MS = 250;

/** Runs `work`, which says its progress through `say`; the line shows once a second has passed. */
export async function withProgress<T>(
  io: HandlerEnv['io'],
  first: string,
  work: (say: (line: string) => void) => Promise<T>,
): Promise<T> {
  let line = first;
  const show = () => io.progress?.(line);
  let every: ReturnType<typeof setInterval> | undefined;
  const start = io.progress
    ? setTimeout(() => {
        show();
        every = setInterval(show, PROGRESS_EVERY_MS);
        every.unref?.();
      }, PROGRESS_AFTER_MS)
    : undefined;
  start?.unref?.();
  try {
    return await work((l) => {
      line = l;
    });
  } finally {
    clearTimeout(start);
    clearInterval(every);
  }
}
