// The one record a fleet host gets when it is cut off (its bound, Ctrl-C, the run's second
// thread ending early): for the command it was at, never for a host that failed already,
// finished, or ended its script with `exit`.
import { describe, expect, it } from 'vitest';
import { HostTally } from '../../src/commands/fleet-shard.js';
import { cancelledError, timeoutError } from '../../src/errors.js';

const lines = ['show hostname', 'exit', 'show interface'];
const ok = (host: string, index: number) => ({ host, index, command: lines[index]!, out: 'x\n', ms: 1 });

describe('HostTally', () => {
  it('a host cut off is owed one record, for the command it was at', () => {
    const tally = new HostTally(['show hostname', 'show interface']);
    expect(tally.cutOff('a', cancelledError(), 3)).toMatchObject({
      host: 'a',
      index: 0,
      command: 'show hostname',
      out: '',
      ms: 3,
      error: { code: 'cancelled' },
    });
    tally.note({ host: 'a', index: 0, command: 'show hostname', out: 'r1\n', ms: 1 });
    expect(tally.cutOff('a', timeoutError('bound'), 9)).toMatchObject({
      index: 1,
      command: 'show interface',
    });
    tally.note({ host: 'a', index: 1, command: 'show interface', out: '', ms: 1 });
    expect(tally.cutOff('a', cancelledError(), 0)).toBeUndefined();
  });

  it('nothing more for a host that failed, or ended its script with exit', () => {
    const tally = new HostTally(lines);
    tally.note({ ...ok('failed', 0), error: timeoutError('no answer') });
    expect(tally.cutOff('failed', cancelledError(), 0)).toBeUndefined();
    tally.note(ok('ended', 0));
    tally.note(ok('ended', 1));
    expect(tally.cutOff('ended', cancelledError(), 0)).toBeUndefined();
    // Cut off before its exit: the exit is the command it was at.
    tally.note(ok('other', 0));
    expect(tally.cutOff('other', cancelledError(), 0)).toMatchObject({ index: 1, command: 'exit' });
  });
});
