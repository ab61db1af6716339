// Ctrl-Z gives the terminal back before stopping; SIGCONT takes it again (through cooked mode,
// since libuv skips a raw→raw switch) whoever stopped us. A stand-in for `process` records the signals.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createSuspend } from '../../src/keys/suspend.js';

function rig() {
  const log: string[] = [];
  const signals = Object.assign(new EventEmitter(), {
    pid: 42,
    kill: (pid: number, sig: string) => {
      log.push(`kill ${pid} ${sig}`);
      return true;
    },
  });
  const s = createSuspend(
    {
      stdin: { setRawMode: (raw: boolean) => log.push(`raw ${raw}`) },
      write: (w) => log.push(JSON.stringify(w)),
      bracketedPaste: true,
      beforeStop: () => log.push('clear'),
      redraw: () => log.push('redraw'),
    },
    signals as unknown as NodeJS.Process,
  );
  return { log, signals, s };
}

describe('createSuspend', () => {
  it('Ctrl-Z: erase, paste off, cursor on, cooked, then SIGTSTP; SIGCONT: raw again and redraw', () => {
    const { log, signals, s } = rig();
    s.suspend();
    expect(log).toEqual([
      'clear',
      JSON.stringify('\u001b[?2004l\u001b[?25h'),
      'raw false',
      'kill 42 SIGTSTP',
    ]);
    log.length = 0;
    signals.emit('SIGCONT');
    expect(log).toEqual(['raw false', 'raw true', JSON.stringify('\u001b[?2004h\u001b[?25l'), 'redraw']);
    s.dispose();
    expect(signals.listenerCount('SIGCONT')).toBe(0);
  });

  it('an outside stop: SIGCONT alone restores raw mode', () => {
    const { log, signals, s } = rig();
    signals.emit('SIGCONT');
    expect(log.slice(0, 2)).toEqual(['raw false', 'raw true']);
    s.dispose();
  });
});
