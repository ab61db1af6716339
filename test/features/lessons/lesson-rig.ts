// Plays lesson commands as the shell does (runPiped, then the lesson check) against the
// trainee's own router and telemetry simulators, with progress kept in memory.
import { startSims, type Sims } from '../../../src/session/demo.js';
import { fileLessonStore } from '../../../src/features/lessons/lesson-store.js';
import type { LessonProgress, LessonStore } from '../../../src/features/lessons/types.js';
import type { LessonDriver } from '../../../src/features/lessons/lesson-driver.js';
import type { Outcome } from '../../../src/contract/outcome.js';
import { runPiped } from '../../../src/run/output-pipes.js';
import type { Session } from '../../../src/session/session.js';
import { testSession } from '../../helpers/session.js';
import { simConfig } from '../../helpers/sim-config.js';

export interface Rig {
  sims: Sims;
  session: Session;
  lessons: LessonDriver;
  saved: Map<string, LessonProgress>;
  context: string[];
  /** Runs one line; returns its outcome and the lesson's note ('' when the step did not pass). */
  run(line: string): Promise<{ outcome: Outcome; note: string }>;
  close(): Promise<void>;
}

/** The built-in lessons, progress in a map instead of files. */
export function memoryStore(saved: Map<string, LessonProgress>): LessonStore {
  const files = fileLessonStore({ XDG_STATE_HOME: '/nonexistent-never-written' });
  return { ...files, progress: (n) => saved.get(n), save: (p) => void saved.set(p.lesson, p) };
}

export async function lessonRig(): Promise<Rig> {
  const sims = await startSims({ host: '127.0.0.1', port: 0, telemetryPort: 0 });
  const saved = new Map<string, LessonProgress>();
  const session = await testSession(
    simConfig(sims.router.url, { telemetryUrl: sims.telemetry.url, telemetryKey: sims.telemetry.keys.demo }),
    { interactive: false, warn: () => {}, width: () => 100, lessons: memoryStore(saved) },
  );
  const lessons = session.services.lessons!;
  const rig: Rig = {
    sims,
    session,
    lessons,
    saved,
    context: [],
    run: async (line) => {
      const context = rig.context;
      const { outcome } = await runPiped(line, { context }, session.services, AbortSignal.timeout(10_000));
      if (outcome.kind === 'context') rig.context = outcome.context;
      const note = await lessons.afterLine(line, context, outcome, AbortSignal.timeout(10_000));
      return { outcome, note };
    },
    close: async () => {
      await session.close();
      await sims.close();
    },
  };
  return rig;
}
