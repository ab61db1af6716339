// Grading on the class server (issue 40 item 3): the cost of one trainee command's grading by
// the lesson engine (features/lessons/grader.ts), the simulators in the same process as the
// graders, as `class serve` runs them. The step is the interfaces lesson's step 2 (a node check
// and a `read` check with an RE2 regex over a show), graded while it still fails (every check
// probed), for 1 trainee and for TRAINEES trainees whose commands arrive at the same moment.
// No target of its own: the is "the board shows a passed step within 1 s".
// Run: node --import tsx bench/lessons-grade-bench.ts
import { createGrader, type Grader } from '../src/features/lessons/grader.js';
import { readFileSync } from 'node:fs';
import { lessonOrThrow } from '../src/features/lessons/parse.js';
import { runPiped } from '../src/run/output-pipes.js';
import { openSession, type Session } from '../src/session/session.js';
import { type RouterSim, startRouterSim } from '../sim/router/index.js';
import { percentile, ROOT } from './util.js';

const TRAINEES = Number(process.env['GRADE_BENCH_TRAINEES']) || 30;
const ROUNDS = Number(process.env['GRADE_BENCH_ROUNDS']) || 40;

interface Trainee {
  sim: RouterSim;
  session: Session;
  grader: Grader;
}

async function trainee(): Promise<Trainee> {
  const sim = await startRouterSim();
  const session = await openSession(
    {
      router: sim.url,
      user: 'admin',
      password: 'admin',
      auth: 'basic',
      insecure: false,
      timeoutMs: 10_000,
      json: false,
      color: false,
      keepGoing: false,
    },
    { interactive: false, warn: () => {}, env: process.env, telemetry: 'on-first-use' },
  );
  // The file itself: the built-ins' `?raw` bundling is the build's, not tsx's.
  const file = `${ROOT}lessons/interfaces.md`;
  const lesson = lessonOrThrow('interfaces', file, readFileSync(file, 'utf8'));
  const grader = createGrader({ lessons: [lesson], deps: session.services });
  const signal = AbortSignal.timeout(60_000);
  await runPiped('interface eth1.100', { context: [] }, session.services, signal);
  await grader.afterLine({ line: 'interface eth1.100', ok: true }, signal); // step 1 passes
  return { sim, session, grader };
}

const grade = async (t: Trainee): Promise<number> => {
  const start = performance.now();
  const a = await t.grader.afterLine(
    { line: 'show interface eth1.100', ok: true },
    AbortSignal.timeout(60_000),
  );
  if (a.checks.length !== 2 || a.step !== 1) throw new Error(`unexpected answer ${JSON.stringify(a)}`);
  return performance.now() - start;
};

export async function benchLessonsGrade(): Promise<Record<string, number>> {
  const all = await Promise.all(Array.from({ length: TRAINEES }, trainee));
  try {
    const one: number[] = [];
    for (let i = 0; i < ROUNDS; i++) one.push(await grade(all[0]!));
    const many: number[] = [];
    for (let i = 0; i < ROUNDS / 4; i++) many.push(...(await Promise.all(all.map(grade))));
    one.sort((a, b) => a - b);
    many.sort((a, b) => a - b);
    const r = {
      'one trainee: p50 ms': percentile(one, 50),
      'one trainee: p99 ms': percentile(one, 99),
      [`${TRAINEES} at once: p50 ms`]: percentile(many, 50),
      [`${TRAINEES} at once: p99 ms`]: percentile(many, 99),
      'rss MB': process.memoryUsage().rss / 2 ** 20,
    };
    for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(28)} ${v.toFixed(1)}\n`);
    return r;
  } finally {
    await Promise.all(
      all.map(async (t) => {
        await t.session.close();
        await t.sim.close();
      }),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLessonsGrade();
