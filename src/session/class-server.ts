// `routersh class serve`'s edge (issue 40): the trainees' routers and telemetry started from the
// fleet simulator (one simulator code: sim/fleet/, nothing listening — each is reached through
// the class server's one port, in process), a grader per trainee on a session of its own, the
// class's saved state read and kept, and the port itself (features/class/server/handler.ts).
// The graders reach the routers through a loopback listener of their own that takes only the
// routers' internal credentials (random, never printed) and only the spec's paths.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type FleetSim, startFleetSim } from '../../sim/fleet/index.js';
import type { SavedRouterState } from '../../sim/router/index.js';
import { resolveConfig } from '../config/config.js';
import { noFlags } from '../config/flags.js';
import type { LessonRef } from '../contract/class.js';
import { configError } from '../errors.js';
import { newInstructorToken, newInternalSecret, newJoinCode } from '../features/class/server/codes.js';
import { classHandler, type HandlerDeps } from '../features/class/server/handler.js';
import type { TraineeSims } from '../features/class/server/ports.js';
import { Room, type Trainee } from '../features/class/server/room.js';
import { readSaved, type SavedClass, writeCredentials, writeSaved } from '../features/class/server/store.js';
import { LoginThrottle } from '../features/class/server/throttle.js';
import type { Lesson } from '../features/lessons/types.js';
import { sanitizeLine } from '../term/sanitize.js';
import { loadRegexEngine } from '../lang/regex.js';
import { createClassGrader } from './class-grader.js';
import { openSession, type Session } from './session.js';

export interface ClassServeOptions {
  names: readonly string[];
  lessons: readonly Lesson[];
  /** The --lesson arguments as given: saved progress belongs to them. */
  lessonArgs: readonly string[];
  host: string;
  port: number;
  /** --state DIR: everything kept across a restart. */
  stateDir?: string;
  /** Where the roster and the token are written (--state DIR, else STATE/class). */
  credentialsDir: string;
  tls?: { cert: string; key: string };
  warn: (m: string) => void;
  /** A test seam: the clock of the throttle, the board and the grades. */
  now?: () => number;
}

export interface RunningClass {
  url: string;
  token: string;
  trainees: ReadonlyArray<{ name: string; code: string }>;
  files: { roster: string; token: string };
  /** The class was read back from --state. */
  restored: boolean;
  close(): Promise<void>;
}

/** How soon after a change --state is written (changes in between are written together). */
const SAVE_DELAY_MS = 300;

export async function startClassServer(o: ClassServeOptions): Promise<RunningClass> {
  const now = o.now ?? Date.now;
  const back = o.stateDir ? readSaved(o.stateDir) : undefined;
  const sameLessons = back !== undefined && back.saved.lessons.join('\n') === o.lessonArgs.join('\n');
  if (back && !sameLessons) o.warn('the lessons differ from the saved class: progress starts over');
  const seed = back?.saved.seed ?? newInternalSecret();
  const token = back?.token ?? newInstructorToken();
  const old = new Map(back?.saved.trainees.map((t) => [t.name, t]));
  // The lessons' regex engine (RE2, for `ran` and read checks) loads while the routers start: not
  // on the class's first graded line, when every trainee is waiting on it at once.
  const regex = loadRegexEngine().catch(() => {});
  const fleet = await startFleetSim({
    routers: o.names.length,
    names: o.names,
    telemetryEach: true,
    listen: false,
    secretSeed: seed,
  });
  const opened: Session[] = [];
  const servers: Server[] = [];
  try {
    const room = new Room(o.lessons.map(refOf));
    if (sameLessons) {
      room.lessonIndex = Math.min(back!.saved.lessonIndex, o.lessons.length - 1);
      if (back!.saved.message !== undefined) room.message = back!.saved.message;
    }
    let deps: HandlerDeps | undefined;
    const dirty = () => deps?.dirty();
    const internal = await listen(
      createHttpServer(classHandler(depsOf(room, token, now, true, dirty))),
      '127.0.0.1',
      0,
    );
    servers.push(internal);
    const internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
    for (const r of fleet.routers) {
      const was = old.get(r.name);
      const code = was?.code ?? newJoinCode();
      const sims = traineeSims(r, code, back?.routers.get(r.name));
      const session = await graderSession(internalUrl, r.name, r.password, sims.telemetryKey, o.warn);
      opened.push(session);
      const grader = createClassGrader(
        o.lessons,
        session.services,
        session.cache,
        now,
        sameLessons ? was?.progress : undefined,
      );
      const t: Trainee = {
        name: r.name,
        code,
        joined: was?.joined ?? false,
        grader,
        sims,
        recent: sameLessons ? (was?.recent ?? []) : [],
        busy: false,
        lineTokens: 10,
        lineAt: now(),
      };
      room.trainees.set(r.name, t);
    }
    if (!sameLessons) for (const t of room.trainees.values()) await t.grader.startLesson(room.lessonIndex);
    await regex;
    const save = () =>
      o.stateDir && writeSaved(o.stateDir, savedOf(room, o.lessonArgs, seed), routersOf(fleet));
    let timer: NodeJS.Timeout | undefined;
    deps = depsOf(room, token, now, false, () => {
      if (!o.stateDir || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        trySave(save, o.warn);
      }, SAVE_DELAY_MS);
    });
    deps.scheme = o.tls ? 'https' : 'http';
    const handler = classHandler(deps);
    const server = await listen(
      o.tls ? createHttpsServer({ cert: o.tls.cert, key: o.tls.key }, handler) : createHttpServer(handler),
      o.host,
      o.port,
    );
    servers.push(server);
    const url = `${deps.scheme}://${urlHost(o.host)}:${(server.address() as AddressInfo).port}`;
    const trainees = [...room.trainees.values()].map((t) => ({ name: t.name, code: t.code }));
    const files = writeCredentials(o.credentialsDir, url, trainees, token);
    save();
    return {
      url,
      token,
      trainees,
      files,
      restored: back !== undefined,
      async close() {
        if (timer) clearTimeout(timer);
        trySave(save, o.warn);
        await Promise.all(servers.map(closeServer));
        await Promise.allSettled(opened.map((s) => s.close()));
        await fleet.close();
      },
    };
  } catch (e) {
    await Promise.all(servers.map(closeServer));
    await Promise.allSettled(opened.map((s) => s.close()));
    await fleet.close();
    throw e;
  }
}

function depsOf(
  room: Room,
  token: string,
  now: () => number,
  internal: boolean,
  dirty: () => void,
): HandlerDeps {
  return {
    room,
    instructorToken: token,
    throttle: new LoginThrottle((n) => room.trainees.has(n), now()),
    now,
    internal,
    dirty,
    scheme: 'http',
  };
}

/** An IPv6 address in brackets, as a URL writes it. */
const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

const refOf = (l: Lesson): LessonRef => ({
  name: sanitizeLine(l.name),
  title: sanitizeLine(l.title),
  steps: l.steps.map((s) => sanitizeLine(s.title)),
});

/** A trainee's router and telemetry in process; the router's start kept for a reset. */
function traineeSims(r: FleetSim['routers'][number], code: string, saved: unknown): TraineeSims {
  const telemetry = r.telemetry!;
  // operator/operator is the demo's: nobody logs in to a trainee's router but the trainee (and the grader as admin).
  r.sim.setUser('operator', newInternalSecret());
  const start = r.sim.save();
  const login = () => {
    r.sim.setUser('admin', r.password);
    r.sim.setUser(r.name, code);
  };
  if (saved !== undefined) {
    try {
      r.sim.restore(saved as SavedRouterState);
    } catch (e) {
      throw configError(`the saved router of ${r.name}: ${(e as Error).message}`);
    }
  }
  login();
  return {
    router: (req, res, prefix) => r.sim.handle(req, res, prefix),
    telemetry: (req, res) => telemetry.handle(req, res),
    telemetryKey: telemetry.keys.demo,
    reset() {
      r.sim.restore(start);
      login();
    },
  };
}

async function graderSession(
  base: string,
  name: string,
  password: string,
  key: string,
  warn: (m: string) => void,
) {
  const cfg = resolveConfig(
    { ...noFlags(), router: `${base}/t/${name}`, user: 'admin', telemetry: `${base}/t/${name}/telemetry` },
    { env: { ROUTERSH_PASSWORD: password, ROUTERSH_TELEMETRY_KEY: key }, isTTY: false },
  );
  return openSession(cfg, { interactive: false, env: {}, warn, telemetry: 'on-first-use' });
}

function savedOf(room: Room, lessons: readonly string[], seed: string): SavedClass {
  return {
    version: 1,
    lessons: [...lessons],
    lessonIndex: room.lessonIndex,
    ...(room.message !== undefined ? { message: room.message } : {}),
    seed,
    trainees: [...room.trainees.values()].map((t) => ({
      name: t.name,
      code: t.code,
      joined: t.joined,
      progress: t.grader.save(),
      recent: t.recent,
    })),
  };
}

const routersOf = (fleet: FleetSim) => new Map(fleet.routers.map((r) => [r.name, r.sim.save() as unknown]));

function trySave(save: () => unknown, warn: (m: string) => void): void {
  try {
    save();
  } catch (e) {
    warn(`the class state could not be written: ${sanitizeLine((e as Error).message)}`);
  }
}

function listen(server: Server, host: string, port: number): Promise<Server> {
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

const closeServer = (s: Server) =>
  new Promise<void>((resolve) => {
    if (!s.listening) return resolve();
    s.close(() => resolve());
    s.closeAllConnections();
  });
