// Whether the process that wrote a journal line still lives: its pid and, where /proc tells it,
// its start time (a pid the system gave to another process since is not the writer). Apart from
// journal-open.ts so that the open-window index (open-windows.ts) reads it without the journal.
import { readFileSync } from 'node:fs';

/**
 * When process `pid` started: the 22nd field of /proc/PID/stat (clock ticks since boot; Linux).
 * Undefined where there is no /proc or the process is gone. With the pid it names one process:
 * a pid the system gave to another process since, or one in a journal copied from another
 * machine, is not the writer.
 */
export function processStart(pid: number): string | undefined {
  return procStat(pid)?.[19];
}

/** The fields of /proc/PID/stat after the command name (field 3 on), or undefined. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * Signal 0 checks without signalling; EPERM means it lives, as another user's process. Where
 * its start is known on both sides, it must be the same process; a zombie is gone.
 */
export function processAlive(pid: number, start?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  // A zombie has exited: a killed guard whose parent has not reaped it yet (a container's
  // init may never) guards nothing.
  if (stat?.[0] === 'Z') return false;
  if (start === undefined) return true;
  const now = stat?.[19];
  return now === undefined || now === start;
}
