// THE secret rule (src/lang/secrets.ts) as a property over the router simulator's metadata:
// for generated lines that set a password (typed whole, abbreviated, quoted, piped to `| json`),
// a number of seconds (`token-expiration N`) or a fixed choice (`key net|net-port`), no writer
// shows a secret value — the output as printed and under --json / `| json`, an error, the
// journal, the history file and screen, the echoed line, a recording — and no writer masks a
// number of seconds or a fixed choice. The writers run as the shell and the runner run them:
// the line's metadata read first (line-runner.ts), then the line run through runPiped.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouterSim, startRouterSim } from '../../sim/router/index.js';
import { openCastFile } from '../../src/features/record/cast-file.js';
import { splitPipes } from '../../src/lang/pipes.js';
import { lineSecrets } from '../../src/lang/secrets.js';
import { runPiped } from '../../src/run/output-pipes.js';
import type { Session } from '../../src/session/session.js';
import { historyEntry } from '../../src/shell/editor/history-file.js';
import { lineMask } from '../../src/shell/mask-line.js';
import { memorySink } from '../helpers/memory-sink.js';
import { testSession } from '../helpers/session.js';
import { simConfig } from '../helpers/sim-config.js';

let sim: RouterSim;
let session: Session;
const sink = memorySink();
const dir = mkdtempSync(join(tmpdir(), 'routersh-secrets-property-'));
const USERS = ['bob', 'carol'];

beforeAll(async () => {
  sim = await startRouterSim();
  session = await testSession(simConfig(sim.url), { journal: sink, yes: true });
  for (const u of USERS) {
    const r = await runPiped(
      `system user ${u}`,
      { context: [] },
      session.services,
      AbortSignal.timeout(20_000),
    );
    expect(r.outcome.kind).toBe('router');
  }
});
afterAll(async () => {
  await session.close();
  await sim.close();
});

/** A generated line: its text, and the value it carries (a secret, or one never to be masked). */
interface Case {
  line: string;
  value: string;
  secret: boolean;
}

// A password that cannot occur in any other text of the session (an upper-case start, a digit end).
const password = fc.stringMatching(/^[A-Z][a-z0-9@%+=._-]{6,14}[0-9]$/);
const pipe = fc.constantFrom('', ' | json');
const user = fc.constantFrom(...USERS);

const cases: fc.Arbitrary<Case> = fc.oneof(
  fc
    .record({
      user,
      pw: password,
      word: fc.constantFrom('password', 'pass', 'pa'),
      quoted: fc.boolean(),
      pipe,
    })
    .map(({ user, pw, word, quoted, pipe }) => {
      const value = quoted ? `${pw.slice(0, 4)} ${pw.slice(4)}` : pw;
      return {
        line: `system user ${user} ${word} ${quoted ? `"${value}"` : value}${pipe}`,
        value,
        secret: true,
      };
    }),
  fc.record({ user, n: fc.integer({ min: 60, max: 31_536_000 }), pipe }).map(({ user, n, pipe }) => ({
    line: `system user ${user} token-expiration ${n}${pipe}`,
    value: String(n),
    secret: false,
  })),
  fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9]{2,8}$/),
      key: fc.constantFrom('net', 'net-port'),
      pipe,
    })
    .map(({ name, key, pipe }) => ({
      line: `ipv4 firewall match-list l${name} key ${key}${pipe}`,
      value: key,
      secret: false,
    })),
);

/** Every writer's text for one line, as the shell and the runner make it. */
async function writers(c: Case, n: number): Promise<Record<string, string>> {
  const signal = AbortSignal.timeout(20_000);
  const from = { cache: session.cache, context: [] as string[] };
  // The metadata first, as the shell reads it before it echoes and records the line.
  await session.services.resolve(splitPipes(c.line).command, [], signal).catch(() => {});
  const echo = lineMask(session.cache)(c.line, []);
  const kept = historyEntry(c.line, from);
  const before = sink.events.length;
  const r = await runPiped(c.line, { context: [] }, session.services, signal);
  const o = r.outcome;
  const printed =
    o.kind === 'router'
      ? `${o.text}\n${JSON.stringify(o.envelope.raw)}`
      : o.kind === 'text'
        ? `${o.text}\n${JSON.stringify(o.json)}`
        : o.kind === 'error'
          ? `${o.error.message}\n${JSON.stringify(o.error.toJSON())}`
          : '';
  // A recording: what the shell draws (the echo, the output), the line's secrets handed to it.
  const castPath = join(dir, `${n}.cast`);
  const cast = openCastFile(castPath, { width: 80, height: 24, timestamp: 0, env: {} });
  for (const s of lineSecrets(c.line, from)) cast.addSecret(s);
  cast.output(`> ${echo}\r\n${printed}\r\n`);
  cast.close();
  return {
    echo,
    history: kept,
    output: printed,
    journal: JSON.stringify(sink.events.slice(before)),
    recording: readFileSync(castPath, 'utf8'),
  };
}

let runs = 0;
describe('THE secret rule at every writer', () => {
  it('no writer shows a secret; none masks a number of seconds or a fixed choice', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const out = await writers(c, runs++);
        for (const [writer, text] of Object.entries(out)) {
          if (c.secret) expect(text, `${writer}: ${c.line}`).not.toContain(c.value);
          else expect(text, `${writer}: ${c.line}`).not.toContain('*');
        }
        if (!c.secret) {
          expect(out.echo).toBe(c.line);
          expect(out.history).toBe(c.line);
          expect(out.output, c.line).toContain(c.value);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
