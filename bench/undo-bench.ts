// `routersh undo` of a bulk change through a slow router: a `match-list import` of 320 entries
// (one journaled change) undone by `routersh undo --journal FILE --yes` through a proxy that holds
// every request 500 ms (a loaded router far away), against a bare undici loop sending the same
// 320 UNSETs at the same concurrency (16) through the same proxy. Alternated runs, each on a list
// of its own filled first (the proxy holding nothing). The undo's whole process is timed:
// start-up, the plan's read of the list, the removals, the read that checks what was restored.
// Sent one at a time, as before, the removals alone took N × 500 ms (160 s);
// ROUTERSH_BENCH_BEFORE=/path/to/bin/routersh.cjs times one undo of that build as well.
// Run: node --import tsx bench/undo-bench.ts (after `npm run build`).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, pairedRatio, RUNS, rows } from './alternate.js';
import { bareEntryLoop, ROOT, startChildSims } from './util.js';

const BEFORE = process.env.ROUTERSH_BENCH_BEFORE;
const COUNT = Number(process.env.BENCH_UNDO_ENTRIES) || 320;
const DELAY_MS = 500;
const CONCURRENCY = 16;
const AUTH_ENV = { ROUTERSH_USER: 'admin', ROUTERSH_PASSWORD: 'admin' };
const entry = (i: number) => `10.9.${(i >> 8) & 255}.${i & 255}`;

const bareLoop = (url: string, list: string) =>
  bareEntryLoop({
    url,
    list,
    action: 'UNSET',
    count: COUNT,
    concurrency: CONCURRENCY,
    net: "'10.9.' + ((i >> 8) & 255) + '.' + (i & 255)",
  });

/** A proxy that holds each request `delay.ms` (set per phase), then forwards it to `target`. */
async function slowProxy(
  target: string,
): Promise<{ url: string; delay: { ms: number }; close: () => Promise<void> }> {
  const delay = { ms: 0 };
  const agent = new Agent({ keepAlive: true });
  const to = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      setTimeout(() => {
        const out = request(
          {
            host: to.hostname,
            port: to.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
            agent,
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        out.on('error', () => res.destroy());
        out.end(Buffer.concat(chunks));
      }, delay.ms),
    );
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    delay,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
        agent.destroy();
      }),
  };
}

// The proxy is in this process: a child it must answer is waited for without blocking.
async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  await promisify(execFile)(process.execPath, args, { cwd: ROOT, env, maxBuffer: 16 << 20 }).catch(
    (e: { stderr?: string }) => {
      throw new Error(`node ${args.slice(0, 3).join(' ')} failed: ${String(e.stderr ?? e).slice(-500)}`);
    },
  );
  return performance.now() - t0;
}

export async function benchUndo(): Promise<Record<string, number>> {
  const sims = await startChildSims();
  const proxy = await slowProxy(sims.routerUrl);
  const bin = `${ROOT}bin/routersh.cjs`;
  const dir = mkdtempSync(join(tmpdir(), 'routersh-undo-bench-'));
  const feed = join(dir, 'feed.txt');
  writeFileSync(feed, `${Array.from({ length: COUNT }, (_, i) => entry(i)).join('\n')}\n`);
  let n = 0;
  /** A new list with the feed imported (the proxy holding nothing); the import's journal. */
  const filled = async (kind: string) => {
    proxy.delay.ms = 0;
    const list = `bench-${kind}-${++n}`;
    const env = {
      ...process.env,
      ...AUTH_ENV,
      ROUTERSH_ROUTER: proxy.url,
      XDG_STATE_HOME: join(dir, list),
    };
    await run([bin, '-c', `ipv4 firewall match-list ${list}`], env);
    // The import's own state directory: its journal is the one file there.
    const importEnv = { ...env, XDG_STATE_HOME: join(dir, `${list}-import`) };
    await run([bin, 'match-list', 'import', list, feed], importEnv);
    const journals = join(importEnv.XDG_STATE_HOME, 'routersh', 'journal');
    const file = readdirSync(journals).find((f) => f.endsWith('.jsonl'))!;
    return { list, env: importEnv, file: join(journals, file) };
  };
  /** One undo of a filled list's import by `routersh` at `path`, through the 500 ms proxy. */
  const undoWith = async (path: string) => {
    const { env, file } = await filled('undo');
    proxy.delay.ms = DELAY_MS;
    return run([path, 'undo', '--journal', file, '--yes'], env);
  };
  try {
    const r = await alternate([
      { name: 'undo', run: () => undoWith(bin) },
      {
        name: 'bare',
        run: async () => {
          const { list } = await filled('bare');
          proxy.delay.ms = DELAY_MS;
          return run(['--input-type=module', '-e', bareLoop(proxy.url, list)], process.env);
        },
      },
    ]);
    return {
      ...rows(`undo of a ${COUNT}-entry import via a ${DELAY_MS} ms router, s`, {
        ...r.undo!,
        median: r.undo!.median / 1000,
        min: r.undo!.min / 1000,
        max: r.undo!.max / 1000,
      }),
      ...rows(`bare undici loop c${CONCURRENCY}, same UNSETs, s`, {
        ...r.bare!,
        median: r.bare!.median / 1000,
        min: r.bare!.min / 1000,
        max: r.bare!.max / 1000,
      }),
      ...rows('undo vs bare ratio', pairedRatio(r.undo!, r.bare!)),
      'sent one at a time (before), s': (COUNT * DELAY_MS) / 1000,
      // ROUTERSH_BENCH_BEFORE=/path/to/bin/routersh.cjs: that build's undo, measured once.
      ...(BEFORE ? { 'build before (one run), s': (await undoWith(BEFORE)) / 1000 } : {}),
      runs: RUNS,
    };
  } finally {
    await proxy.close();
    await sims.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchUndo();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k.padEnd(56)} ${v.toFixed(2)}\n`);
}
