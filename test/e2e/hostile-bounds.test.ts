// Unbounded values from the user and from servers, through the built binary: each command ends
// within the runBin timeout with a clear result — exit 0 with output, or exit 1 with one line —
// never a stack trace, "Maximum call stack size exceeded", "Invalid time value" or a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/run-bin.js';
import { type HostileRouter, startHostileRouter } from '../hostile/router.js';
import { type HostileTelemetry, startHostileTelemetry } from '../hostile/telemetry.js';

let router: HostileRouter;
let tele: HostileTelemetry;
let hugePage: HostileTelemetry;
let longDeadline: HostileTelemetry;

beforeAll(async () => {
  [router, tele, hugePage, longDeadline] = await Promise.all([
    startHostileRouter(),
    startHostileTelemetry(),
    startHostileTelemetry({ hugePage: 300_000 }),
    startHostileTelemetry({ deadlineSeconds: 1e10 }),
  ]);
});
afterAll(() => Promise.all([router, tele, hugePage, longDeadline].map((s) => s.close())));

function run(args: string[], o: { router?: HostileRouter; tele?: HostileTelemetry } = {}) {
  return runBin(args, {
    env: {
      ROUTERSH_ROUTER: (o.router ?? router).url,
      ROUTERSH_USER: 'admin',
      ROUTERSH_PASSWORD: 'admin',
      ROUTERSH_TELEMETRY_URL: (o.tele ?? tele).url,
      ROUTERSH_TELEMETRY_KEY: 'k-0123456789',
      COLUMNS: '100',
    },
    // A hang guard only: a 150,000-node body built by this process takes 2 s idle, 6 s beside
    // stress-ng, and past 20 s with the whole suite beside it (CI run 52).
    timeoutMs: 90_000,
  });
}

const CRASH = /Maximum call stack|Invalid time value|internal error|TimeoutOverflow|\n\s+at /;

/** Exit 1 with exactly one line on stderr matching `re`, nothing on stdout. */
function oneLineError(r: { code: number | null; stdout: string; stderr: string }, re: RegExp) {
  expect(r.stderr).not.toMatch(CRASH);
  expect(r.code).toBe(1);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(re);
}

const DIGITS_400 = '9'.repeat(400);
// 2^53 − 1 ms is 285,000 years: a safe integer, but no Date holds now minus it.
const SAFE_MAX = String(Number.MAX_SAFE_INTEGER);

/** Lines over a bound, and the one line each is refused with. */
const BOUNDS: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'metrics range up since 99999999999999999999999s',
    /'99999999999999999999999s' for option 'since': the duration is too large: at most 100 years/,
  ],
  [`metrics range up since ${SAFE_MAX}ms`, /option 'since': the duration is too large: at most 100 years/],
  [`logs search x since ${SAFE_MAX}ms`, /option 'since': the duration is too large: at most 100 years/],
  [`logs histogram x since ${SAFE_MAX}ms`, /option 'since': the duration is too large: at most 100 years/],
  [`metrics query up at now-${SAFE_MAX}ms`, /option 'at': the time is too far: within 100 years of now/],
  [
    'metrics range up from now-1h to 9999-12-31T00:00:00Z',
    /option 'to': the time is too far: within 100 years of now/,
  ],
  [`metrics range up step ${SAFE_MAX}`, /option 'step': the step is too large: at most 100 years/],
  [`metrics range up step ${DIGITS_400}`, /option 'step': the step is too large: at most 100 years/],
  ['metrics range up since 1h step 2h', /step 2h is longer than the range \(1h\)/],
  [`logs search x limit ${DIGITS_400}`, /option 'limit': the number is too large/],
  [`logs search x limit ${SAFE_MAX}`, /limit 9007199254740991 is outside 1\.\.1000/],
];

describe('durations, steps, times and counts are bounded where they are parsed', () => {
  // One routersh for all of them (--keep-going: each refused command's line names it), not one
  // each: a routersh start is ~0.3 s of CPU.
  it('each line over a bound is refused with one line of its own, exit 1', async () => {
    const r = await run(['--keep-going', ...BOUNDS.flatMap(([line]) => ['-c', line])]);
    expect(r.stderr).not.toMatch(CRASH);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(BOUNDS.length);
    BOUNDS.forEach(([line, re], i) => {
      expect(lines[i], line).toMatch(re);
      expect(lines[i], line).toMatch(new RegExp(`\\(command ${i + 1}\\)$`));
    });
  });

  it('--timeout 1e400 is refused by the configuration (exit 2, one line)', async () => {
    const r = await run(['--timeout', '1e400', '-c', 'help']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("% --timeout wants seconds between 0 and 3600, not '1e400'");
  });
});

describe('server-supplied values', () => {
  it('route_deadline_seconds 1e10 is clamped with a note; the query still works', async () => {
    const r = await run(['-c', 'metrics query up'], { tele: longDeadline });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /note: the server's route_deadline_seconds of 10000000000 is out of range; using 600/,
    );
    expect(r.stdout).toMatch(/router/);
  });

  it('a 300,000-record logs page keeps the records asked for and says the rest were dropped', async () => {
    const r = await run(['-c', 'logs search x limit 5'], { tele: hugePage });
    expect(r.stderr).not.toMatch(CRASH);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /the server sent 300,000 records for a limit of 5; the last 299,995 were dropped/,
    );
    expect(r.stdout.match(/record \d+/g)).toHaveLength(5);
  });

  it('logs search … all stops when next_offset does not advance', async () => {
    const stuck = await startHostileTelemetry({ records: 5, stuckPagination: true });
    try {
      const r = await run(['-c', 'logs search x all'], { tele: stuck });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        /note: the server's next_offset did not advance \(0 after 0\); paging stopped/,
      );
      expect(stuck.requests.filter((q) => q.url.endsWith('/logs/search')).length).toBeLessThan(10);
    } finally {
      await stuck.close();
    }
  });

  // 150,000 sub-nodes (past an argument spread's limit) through the binary: `npm run bench --
  // size` (bench/size-bench.ts); here 2,000, which checks the same cut.
  it('describe of a node with 2,000 sub-nodes lists the first 200 and counts the rest', async () => {
    const huge = await startHostileRouter({ hugeSubnodes: 2_000, leanSubnodes: true });
    try {
      const r = await run(['-c', 'describe'], { router: huge });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^ {2}n196 +word$/m);
      expect(r.stdout).not.toMatch(/^ {2}n197 /m);
      expect(r.stdout).toMatch(/… and 1,803 more \(use a narrower path\)\n$/);
    } finally {
      await huge.close();
    }
  });

  it('a body over the cap (1,000 sub-nodes of 9 kB each): one line', async () => {
    const huge = await startHostileRouter({ hugeSubnodes: 1_000, paddedSubnodes: 9_000 });
    try {
      oneLineError(await run(['-c', 'describe'], { router: huge }), /larger than 8388608 bytes/);
    } finally {
      await huge.close();
    }
  });

  it('NodeInfo nested 100 deep is cut at 64 levels with a note', async () => {
    router.modes.deepNesting = 100;
    const r = await run(['-c', 'describe deep']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/note: sub-nodes nested deeper than 64 levels were dropped/);
  });

  it('NodeInfo nested 2,000 deep is refused as malformed: one line', async () => {
    router.modes.deepNesting = 2000;
    oneLineError(
      await run(['-c', 'describe deep']),
      /malformed response from router: JSON nested deeper than 512 levels/,
    );
  });
});
