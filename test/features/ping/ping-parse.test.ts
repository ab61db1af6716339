// The RTT of one echo request read from a router's ping text: the simulator's (iputils), the
// common real shapes (Cisco, Junos, BSD, Windows, MikroTik, Huawei), the ways each says "no
// answer", and anything else shown as one line. Properties: every prefix of every sample and any
// string at all are read without throwing, and a reply's RTT is a finite, non-negative number.
// A failing property reports its seed and the command that replays it alone (test/fast-check-replay.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePing } from '../../../src/features/ping/ping-parse.js';
import { pingText } from '../../../sim/router/ping-output.js';

const LINUX = `PING 10.0.0.1 (10.0.0.1) 56(84) bytes of data.
64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms

--- 10.0.0.1 ping statistics ---
1 packets transmitted, 1 received, 0% packet loss, time 0ms
rtt min/avg/max/mdev = 0.045/0.045/0.045/0.000 ms`;

const LINUX_LOST = `PING 192.0.2.1 (192.0.2.1) 56(84) bytes of data.

--- 192.0.2.1 ping statistics ---
1 packets transmitted, 0 received, 100% packet loss, time 0ms
`;

const LINUX_UNREACHABLE = `PING 10.9.9.9 (10.9.9.9) 56(84) bytes of data.
From 10.0.0.2 icmp_seq=1 Destination Host Unreachable

--- 10.9.9.9 ping statistics ---
1 packets transmitted, 0 received, +1 errors, 100% packet loss, time 0ms`;

const CISCO = `Type escape sequence to abort.
Sending 1, 100-byte ICMP Echos to 10.0.0.1, timeout is 2 seconds:
!
Success rate is 100 percent (1/1), round-trip min/avg/max = 1/2/4 ms`;

const CISCO_LOST = `Type escape sequence to abort.
Sending 1, 100-byte ICMP Echos to 10.0.0.1, timeout is 2 seconds:
.
Success rate is 0 percent (0/1)`;

const JUNOS = `PING 10.0.0.1 (10.0.0.1): 56 data bytes
64 bytes from 10.0.0.1: icmp_seq=0 ttl=64 time=1.234 ms

--- 10.0.0.1 ping statistics ---
1 packets transmitted, 1 packets received, 0% packet loss
round-trip min/avg/max/stddev = 1.234/1.234/1.234/0.000 ms`;

const BSD_LOST = `PING 10.0.0.1 (10.0.0.1): 56 data bytes
Request timeout for icmp_seq 0

--- 10.0.0.1 ping statistics ---
1 packets transmitted, 0 packets received, 100.0% packet loss`;

const WINDOWS = `Pinging 10.0.0.1 with 32 bytes of data:
Reply from 10.0.0.1: bytes=32 time<1ms TTL=64

Ping statistics for 10.0.0.1:
    Packets: Sent = 1, Received = 1, Lost = 0 (0% loss),
Approximate round trip times in milli-seconds:
    Minimum = 0ms, Maximum = 0ms, Average = 0ms`;

const WINDOWS_LOST = `Pinging 10.0.0.1 with 32 bytes of data:
Request timed out.

Ping statistics for 10.0.0.1:
    Packets: Sent = 1, Received = 0, Lost = 1 (100% loss),`;

const MIKROTIK = `  SEQ HOST                                     SIZE TTL TIME       STATUS
    0 10.0.0.1                                   56  64 523us
    sent=1 received=1 packet-loss=0% min-rtt=523us avg-rtt=523us max-rtt=523us`;

const HUAWEI = `  PING 10.0.0.1: 56  data bytes, press CTRL_C to break
    Reply from 10.0.0.1: bytes=56 Sequence=1 ttl=255 time=3 ms

  --- 10.0.0.1 ping statistics ---
    1 packet(s) transmitted
    1 packet(s) received
    0.00% packet loss
    round-trip min/avg/max = 3/3/3 ms`;

const SAMPLES = [
  LINUX,
  LINUX_LOST,
  LINUX_UNREACHABLE,
  CISCO,
  CISCO_LOST,
  JUNOS,
  BSD_LOST,
  WINDOWS,
  WINDOWS_LOST,
  MIKROTIK,
  HUAWEI,
];

describe('parsePing', () => {
  it('reads the reply time of each common shape', () => {
    expect(parsePing(LINUX)).toEqual({ kind: 'reply', rttMs: 0.045 });
    expect(parsePing(CISCO)).toEqual({ kind: 'reply', rttMs: 2 }); // the average of the summary
    expect(parsePing(JUNOS)).toEqual({ kind: 'reply', rttMs: 1.234 });
    expect(parsePing(WINDOWS)).toEqual({ kind: 'reply', rttMs: 1 }); // time<1ms: at most 1
    expect(parsePing(MIKROTIK)).toEqual({ kind: 'reply', rttMs: 0.523 });
    expect(parsePing(HUAWEI)).toEqual({ kind: 'reply', rttMs: 3 });
    expect(parsePing('time=1.5 s')).toEqual({ kind: 'reply', rttMs: 1500 });
    expect(parsePing('time=250 usec')).toEqual({ kind: 'reply', rttMs: 0.25 });
    expect(parsePing('time=0,75 ms')).toEqual({ kind: 'reply', rttMs: 0.75 });
  });

  it('reads the simulator’s answers, whatever the target', () => {
    for (const target of ['10.0.0.1', '127.0.0.1', '8.8.8.8']) {
      const text = pingText({
        target,
        count: 1,
        size: 56,
        interval: 1,
        numeric: false,
        connected: false,
        now: 0,
      });
      const got = parsePing(text);
      expect(got.kind).toBe('reply');
      const summary = /= ([\d.]+)\//.exec(text)![1]!;
      expect(got.kind === 'reply' && Math.abs(got.rttMs - Number(summary)) < 0.06 * Number(summary)).toBe(
        true,
      );
    }
    const silent = pingText({
      target: '192.0.2.7',
      count: 1,
      size: 56,
      interval: 1,
      numeric: true,
      connected: false,
      now: 0,
    });
    expect(parsePing(silent)).toEqual({ kind: 'lost', why: '100% packet loss' });
  });

  it('says why a request got no answer', () => {
    expect(parsePing(LINUX_LOST)).toEqual({ kind: 'lost', why: '100% packet loss' });
    expect(parsePing(LINUX_UNREACHABLE)).toEqual({ kind: 'lost', why: '100% packet loss' });
    expect(parsePing(CISCO_LOST)).toEqual({ kind: 'lost', why: 'success rate 0 percent' });
    expect(parsePing(BSD_LOST)).toEqual({ kind: 'lost', why: '100% packet loss' });
    expect(parsePing(WINDOWS_LOST)).toEqual({ kind: 'lost', why: '100% packet loss' });
    expect(parsePing('From 10.0.0.2 icmp_seq=1 Destination Net Unreachable')).toEqual({
      kind: 'lost',
      why: 'From 10.0.0.2 icmp_seq=1 Destination Net Unreachable',
    });
    expect(parsePing('Sending 1, 100-byte ICMP Echos to 10.0.0.1:\n.\n')).toEqual({
      kind: 'lost',
      why: 'no reply',
    });
  });

  it('hands back the line that says most when it cannot read one', () => {
    expect(parsePing('PING 10.0.0.1\nping: sendmsg: Operation not permitted\n')).toEqual({
      kind: 'unparsed',
      text: 'ping: sendmsg: Operation not permitted',
    });
    expect(parsePing('')).toEqual({ kind: 'unparsed', text: '(an empty answer)' });
    expect(parsePing('PING 10.0.0.1 (10.0.0.1) 56(84) bytes of data.')).toEqual({
      kind: 'unparsed',
      text: 'PING 10.0.0.1 (10.0.0.1) 56(84) bytes of data.',
    });
    // The summary's `time 0ms` is how long the run took, not a round trip.
    expect(parsePing('1 packets transmitted, 1 received, 0% packet loss, time 0ms').kind).toBe('unparsed');
    // A number no round trip has is not read as one.
    expect(parsePing('time=99999999 s').kind).toBe('unparsed');
    const long = parsePing(`x${'y'.repeat(10_000)}`);
    expect(long.kind === 'unparsed' && long.text.length).toBe(200);
  });

  it('property: every prefix of every sample is read, never thrown on', () => {
    const kinds = new Set<string>();
    // A throw fails the test; the kinds read on the way are each of the three.
    for (const s of SAMPLES) for (let i = 0; i <= s.length; i++) kinds.add(parsePing(s.slice(0, i)).kind);
    expect([...kinds].sort()).toEqual(['lost', 'reply', 'unparsed']);
  });

  it('property: any string, also with control characters, gives one of the three answers', () => {
    const chars = fc.constantFrom(
      't',
      'i',
      'm',
      'e',
      '=',
      '<',
      ' ',
      '.',
      ',',
      '/',
      '%',
      '1',
      '0',
      '9',
      'm',
      's',
      'u',
      '\n',
      '\r',
      '\u001b',
      '\u0000',
      '\u009b',
      '!',
      'µ',
      'a',
      'v',
      'g',
      '-',
    );
    const loose = fc.array(chars, { maxLength: 80 }).map((a) => a.join(''));
    const sample = fc.constantFrom(...SAMPLES);
    const mutated = fc
      .tuple(sample, fc.nat(), fc.string({ maxLength: 6 }))
      .map(([s, at, ins]) => s.slice(0, at % (s.length + 1)) + ins + s.slice(at % (s.length + 1)));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), loose, mutated), (text) => {
        const r = parsePing(text);
        if (r.kind === 'reply') return Number.isFinite(r.rttMs) && r.rttMs >= 0;
        if (r.kind === 'lost') return typeof r.why === 'string' && r.why.length <= 200;
        return r.kind === 'unparsed' && r.text.length <= 200;
      }),
      { numRuns: 2000 },
    );
  });
});
