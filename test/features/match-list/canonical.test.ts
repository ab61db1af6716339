// An entry the feed lists is never removed: values are compared in canonical form (IPv4 host
// bits, `/32` or bare, IPv6 compressed or not, in any case, `/128` or bare), duplicates are
// judged only among VALID lines, and an IPv4 address with a leading zero (`010.000.000.001`:
// octal to some tools) is refused with its line number rather than guessed.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import type { OptionInfo } from '../../../src/api/router/types.js';
import { parseMatchListArgs } from '../../../src/features/match-list/args.js';
import { runMatchList } from '../../../src/features/match-list/command.js';
import { readFeed } from '../../../src/features/match-list/feed.js';
import { planSync } from '../../../src/features/match-list/plan.js';
import { parseIp } from '../../../src/lang/ip.js';
import { ManualClock } from '../../../sim/clock.js';
import { IP4_OR_NET_RE } from '../../../sim/router/net.js';
import { sim } from '../../sim/router/sim-http.js';

const opt = (name: string, inputRe: string): OptionInfo => ({
  name,
  inputRe,
  count: 1,
  availableInSet: true,
  availableInUnSet: true,
  availableInShow: false,
  key: name === 'net',
});
/** A list that takes any value: only the feed's own rules judge it. */
const ANY = { key: opt('net', '\\S+') };
/** The simulator's IPv4 list: its real InputRe (no leading zeros, prefixes 0–32). */
const SIM_V4 = { key: opt('net', IP4_OR_NET_RE) };
const ALLOW_ALL = { allow: { broad: true, ownAddress: true }, own: undefined };

// ── The oracle: how a router stores a net (from the definitions, not from input.ts) ──────────

const v4Text = (v: bigint) => [24n, 16n, 8n, 0n].map((s) => String((v >> s) & 255n)).join('.');
const groupsOf = (v: bigint) =>
  [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((s) => Number((v >> s) & 0xffffn));
const mask = (width: number, bits: number) =>
  ((1n << BigInt(width)) - 1n) ^ ((1n << BigInt(width - bits)) - 1n);

interface Net {
  family: 4 | 6;
  value: bigint;
  bits: number;
}
function stored(n: Net): string {
  const width = n.family === 4 ? 32 : 128;
  const v = n.value & mask(width, n.bits);
  const text =
    n.family === 4
      ? v4Text(v)
      : parseIp(
          groupsOf(v)
            .map((g) => g.toString(16))
            .join(':'),
        )!.text;
  return n.bits === width ? text : `${text}/${n.bits}`;
}

// ── Spellings of one net ─────────────────────────────────────────────────────────────────────

const v4Net = fc.record({
  family: fc.constant(4 as const),
  value: fc.bigInt(0n, (1n << 32n) - 1n),
  bits: fc.integer({ min: 0, max: 32 }),
});
const v6Net = fc.record({
  family: fc.constant(6 as const),
  // Zero groups are common in real addresses, and they are what `::` compresses.
  value: fc
    .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), { minLength: 8, maxLength: 8 })
    .map((g) => g.reduce((a, x) => (a << 16n) | BigInt(x), 0n)),
  bits: fc.integer({ min: 0, max: 128 }),
});

/** A valid spelling of `n`: any host bits, `/32`//128 or bare for a host, blanks, a comment. */
function spelling(n: Net): fc.Arbitrary<string> {
  const width = n.family === 4 ? 32 : 128;
  const hostBits = width - n.bits;
  return fc
    .record({
      host: fc.bigInt(0n, (1n << BigInt(hostBits)) - 1n),
      slash: fc.boolean(),
      pad: fc.constantFrom('', ' ', '\t', '  '),
      comment: fc.boolean(),
      // IPv6 only: zero padding per group, upper case, which run of zero groups becomes `::`.
      widths: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 8, maxLength: 8 }),
      upper: fc.boolean(),
      compress: fc.constantFrom('none', 'first', 'last'),
    })
    .map((o) => {
      const v = (n.value & mask(width, n.bits)) | o.host;
      let text: string;
      if (n.family === 4) text = v4Text(v);
      else {
        const hex = groupsOf(v).map((g, i) => g.toString(16).padStart(o.widths[i]!, '0'));
        const runs: Array<[number, number]> = [];
        for (let i = 0; i < 8; i++) {
          if (groupsOf(v)[i] !== 0) continue;
          let j = i;
          while (j < 8 && groupsOf(v)[j] === 0) j++;
          runs.push([i, j]);
          i = j;
        }
        const run = o.compress === 'first' ? runs[0] : o.compress === 'last' ? runs.at(-1) : undefined;
        text = run ? `${hex.slice(0, run[0]).join(':')}::${hex.slice(run[1]).join(':')}` : hex.join(':');
        if (o.upper) text = text.toUpperCase();
      }
      const suffix = n.bits === width ? (o.slash ? `/${width}` : '') : `/${n.bits}`;
      return `${o.pad}${text}${suffix}${o.pad}${o.comment ? ' # seen 3 times' : ''}`;
    });
}

/** An IPv4 spelling with a leading zero in an octet: refused, never taken for `n`. */
const zeroSpelling = (n: Net): fc.Arbitrary<string> =>
  fc.integer({ min: 0, max: 3 }).map((k) => {
    const octets = v4Text(n.value & mask(32, n.bits)).split('.');
    octets[k] = `0${octets[k]}`;
    return `${octets.join('.')}${n.bits === 32 ? '' : `/${n.bits}`}`;
  });

/** A feed listing `n` in several spellings (and leading-zero lines), in any order. */
const feedOf = (nets: fc.Arbitrary<Net>, withZeros: boolean) =>
  nets.chain((n) =>
    fc
      .tuple(
        fc.array(spelling(n), { minLength: 1, maxLength: 5 }),
        withZeros && n.family === 4 ? fc.array(zeroSpelling(n), { maxLength: 3 }) : fc.constant([]),
      )
      .chain(([good, zeros]) =>
        fc
          .shuffledSubarray(
            [...good.map((text) => ({ text, zero: false })), ...zeros.map((text) => ({ text, zero: true }))],
            { minLength: good.length + zeros.length },
          )
          .map((lines) => ({ n, lines })),
      ),
  );

async function neverRemoved(
  list: typeof ANY,
  { n, lines }: { n: Net; lines: Array<{ text: string; zero: boolean }> },
): Promise<void> {
  const member = stored(n);
  const feed = await readFeed(`${lines.map((l) => l.text).join('\n')}\n`, list, ALLOW_ALL);
  const plan = planSync(feed.good, [{ net: member }, { net: '198.51.100.99' }], feed.held);
  // The member the feed lists stays, and is not added again under another spelling …
  expect(plan.remove).toEqual([{ net: '198.51.100.99' }]);
  expect(plan.add).toEqual([]);
  expect(plan.unchanged).toBe(1);
  // … the spellings are one entry, and each leading-zero line is reported with its line.
  expect(feed.good).toHaveLength(1);
  const zeroLines = lines.flatMap((l, i) => (l.zero ? [i + 1] : []));
  expect(feed.duplicates).toBe(lines.length - zeroLines.length - 1);
  expect(feed.invalid.map((b) => b.line)).toEqual(zeroLines);
  expect(feed.invalid.every((b) => /leading zero/.test(b.reason))).toBe(true);
}

describe('canonical forms (property)', () => {
  it('every spelling of an IPv4 net in the feed, in any order with leading-zero lines: never planned for removal', async () => {
    await fc.assert(
      fc.asyncProperty(feedOf(v4Net, true), (f) => neverRemoved(ANY, f)),
      { numRuns: 300 },
    );
  });

  it('the same through the simulator’s real InputRe', async () => {
    await fc.assert(
      fc.asyncProperty(feedOf(v4Net, true), (f) => neverRemoved(SIM_V4, f)),
      { numRuns: 300 },
    );
  });

  it('every spelling of an IPv6 net (compressed or not, any case, leading zeros, /128 or bare): never planned for removal', async () => {
    await fc.assert(
      fc.asyncProperty(feedOf(v6Net, false), (f) => neverRemoved(ANY, f)),
      { numRuns: 300 },
    );
  });
});

describe('leading zeros against the router simulator (HTTP)', () => {
  const clients: RouterClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  it('`010.000.000.001` before `10.0.0.1`: refused with its line; sync --keep --keep-going never removes 10.0.0.1', async () => {
    const clock = new ManualClock();
    const s = await sim({ clock });
    const auth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };
    const ML = `${s.url}/api/ipv4/firewall/match-list`;
    await fetch(`${ML}/feed`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ Options: { timeout: [100] } }),
    });
    await fetch(`${ML}/feed/action/match`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ Actions: ['SET'], Options: { net: ['10.0.0.1'] } }),
    });
    const client = new RouterClient({
      baseUrl: s.url,
      user: 'admin',
      password: 'admin',
      auth: 'basic',
      timeoutMs: 5000,
    });
    clients.push(client);
    const file = '# feed\n010.000.000.001\n10.0.0.1\n';
    const env = { router: client, readInput: async () => file, now: () => clock.now() };

    await expect(runMatchList(parseMatchListArgs(['sync', 'feed', 'f', '--dry-run']), env)).rejects.toThrow(
      /1 bad line[\s\S]*line 2: '010\.000\.000\.001' has an octet with a leading zero, which some tools read as octal/,
    );
    const dry = await runMatchList(
      parseMatchListArgs(['sync', 'feed', 'f', '--dry-run', '--keep-going']),
      env,
    );
    expect(dry.text).not.toMatch(/^- /m);
    expect(dry.json).toMatchObject({ added: 0, removed: 0, invalid: [{ line: 2, text: '010.000.000.001' }] });

    const controller = new AbortController();
    const reports: string[] = [];
    let rounds = 0;
    const kept = await runMatchList(parseMatchListArgs(['sync', 'feed', 'f', '--keep', '--keep-going']), {
      ...env,
      signal: controller.signal,
      report: (l) => reports.push(l),
      sleep: async (ms) => {
        clock.advance(ms);
        if (++rounds === 4) controller.abort();
        return !controller.signal.aborted;
      },
    });
    expect(kept.error).toBeUndefined();
    expect(reports.slice(1)).toEqual([
      '2026-11-22T12:00:50Z round 1: 1 refreshed, 0 added, 0 removed, 0 failed, 1 bad line skipped',
      '2026-11-22T12:01:40Z round 2: 1 refreshed, 0 added, 0 removed, 0 failed, 1 bad line skipped',
      '2026-11-22T12:02:30Z round 3: 1 refreshed, 0 added, 0 removed, 0 failed, 1 bad line skipped',
    ]);
    const unsets = s.requests.filter((q) => q.method === 'POST' && q.body.includes('UNSET'));
    expect(unsets).toEqual([]);
    const res = await fetch(`${ML}/feed/action/match`, { headers: auth });
    expect(((await res.json()) as { NodeInfo: { SetValues: string[] } }).NodeInfo.SetValues).toEqual([
      '10.0.0.1',
    ]);
  });
});
