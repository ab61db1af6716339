// The round-trip time of ONE echo request, read from the router's ping text (count 1). Routers
// word it differently, so the reader accepts the common shapes rather than one:
//   Linux iputils, BSD, Junos, Arista: `64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms`
//   Windows, Huawei, MikroTik:         `Reply from …: bytes=32 time=1ms TTL=64`, `time<1ms`
//   Cisco IOS/NX-OS:                   `Success rate is 100 percent (1/1), round-trip min/avg/max = 1/2/4 ms`
//   any summary:                       `rtt|round-trip min/avg/max[/mdev|/stddev] = a/b/c[/d] ms`, `avg-rtt=1ms`
// and the ways each says a request got no answer (100% loss, `0 received`, `Request timed out`,
// `Destination Host Unreachable`, Cisco's `.`). Anything else is `unparsed`, with the line that
// says most, for the pane to show. Router text is untrusted: every pattern is linear (bounded
// repetitions, a literal first), the text is read up to a bound, and nothing here throws.

export type PingParse =
  | { kind: 'reply'; rttMs: number }
  | { kind: 'lost'; why: string }
  | { kind: 'unparsed'; text: string };

/** How much of an answer is read (a count-1 ping is a few hundred bytes). */
const MAX_TEXT = 64 * 1024;
/** The longest line handed back to be shown. */
const MAX_LINE = 200;
/** Anything slower is not a round trip (a misread number). */
const MAX_RTT_MS = 3_600_000;

const NUM = String.raw`(\d{1,9}(?:[.,]\d{1,9})?)`;
const UNIT = `(ms|msec|msecs|us|usec|usecs|µs|μs|s|sec|secs)?`;
// `time=0.045 ms`, `time<1ms` (never the summary's `time 1001ms`: no `=` there).
const REPLY_TIME = new RegExp(String.raw`\btime\s{0,4}([=<])\s{0,4}${NUM}\s{0,4}${UNIT}(?![a-z])`, 'i');
// `min/avg/max = 1/2/4 ms`, `min/avg/max/mdev = 0.1/0.2/0.3/0.01 ms`.
const SUMMARY = new RegExp(
  String.raw`min/avg/max(?:/[a-z-]{1,8})?\s{0,4}=\s{0,4}${NUM}/${NUM}/${NUM}(?:/${NUM})?\s{0,4}${UNIT}(?![a-z])`,
  'i',
);
// MikroTik `avg-rtt=523us`; Windows `Average = 1ms`.
const AVERAGE = new RegExp(
  String.raw`\b(?:avg-rtt\s{0,4}=|average\s{0,4}=)\s{0,4}${NUM}\s{0,4}${UNIT}(?![a-z])`,
  'i',
);

const LOSS: ReadonlyArray<readonly [RegExp, string | undefined]> = [
  [/\b100(?:\.0{1,6})?\s{0,2}%\s{0,2}(?:packet[ -])?loss\b/i, '100% packet loss'],
  [/\bsuccess rate is 0 percent\b/i, 'success rate 0 percent'],
  [/\b0 (?:packets )?received\b/i, 'no reply'],
  [/\brequest timed? ?out\b/i, 'request timed out'],
  // The router's own words say best why (`From 10.0.0.2 icmp_seq=1 Destination Host Unreachable`).
  [/\b(?:unreachable|no route to host|timeout|timed out)\b/i, undefined],
  // Cisco: a line of dots, one per request that got no answer.
  [/^\s{0,8}\.{1,100}\s{0,8}$/m, 'no reply'],
];

// Lines that say nothing about the answer (what a ping prints before its replies).
const PREAMBLE = /^\s{0,8}(?:PING |Pinging |Sending |Type escape |---|$)/;

function msOf(value: string, unit: string | undefined): number | undefined {
  const n = Number(value.replace(',', '.'));
  if (!Number.isFinite(n)) return undefined;
  const u = (unit ?? 'ms').toLowerCase();
  const ms = u.startsWith('m') ? n : u.startsWith('s') ? n * 1000 : n / 1000;
  return ms >= 0 && ms <= MAX_RTT_MS ? ms : undefined;
}

const cut = (line: string) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line);

export function parsePing(answer: string): PingParse {
  const text = answer.length > MAX_TEXT ? answer.slice(0, MAX_TEXT) : answer;
  const lines = text.split(/\r?\n|\r/);
  for (const line of lines) {
    const m = REPLY_TIME.exec(line);
    const ms = m ? msOf(m[2]!, m[3]) : undefined;
    if (ms !== undefined) return { kind: 'reply', rttMs: ms };
  }
  for (const line of lines) {
    const s = SUMMARY.exec(line);
    const ms = s ? msOf(s[2]!, s[5]) : undefined;
    if (ms !== undefined) return { kind: 'reply', rttMs: ms };
    const a = AVERAGE.exec(line);
    const avg = a ? msOf(a[1]!, a[2]) : undefined;
    if (avg !== undefined) return { kind: 'reply', rttMs: avg };
  }
  for (const [pattern, why] of LOSS) {
    const line = lines.find((l) => pattern.test(l));
    if (line !== undefined) return { kind: 'lost', why: why ?? cut(line.trim()) };
  }
  const telling =
    lines.find((l) => l.trim() !== '' && !PREAMBLE.test(l)) ?? lines.find((l) => l.trim() !== '');
  return { kind: 'unparsed', text: telling === undefined ? '(an empty answer)' : cut(telling.trim()) };
}
