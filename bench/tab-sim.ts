// The router simulator for the Tab bench (bench/tab-bench.ts), in its own process: seeded with
// `size` match-lists named ml00000 … (sub-node values: `ipv4 firewall match-list <Tab>`) and the
// first of them holding `size` members 10.a.b.c (option values: `… action match net <Tab>`).
// Prints one JSON line with the URL. Usage: node --import tsx bench/tab-sim.ts SIZE
import type { AddressInfo } from 'node:net';
import { systemClock } from '../sim/clock.js';
import { MatchList } from '../sim/router/match-list.js';
import { createSimServer } from '../sim/router/server.js';

export const listName = (i: number): string => `ml${String(i).padStart(5, '0')}`;
export const member = (i: number): string => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

if (process.argv[1]?.endsWith('tab-sim.ts')) {
  const size = Number(process.argv[2]);
  const core = createSimServer(systemClock);
  const now = systemClock.now();
  core.state.matchLists.clear();
  core.state.rules.clear();
  for (let i = 0; i < size; i++)
    core.state.matchLists.set(listName(i), new MatchList(listName(i), 2_000_000, 'net'));
  const big = core.state.matchLists.get(listName(0))!;
  for (let i = 0; i < size; i++) big.add({ net: member(i) }, now);
  core.server.keepAliveTimeout = 5000;
  core.server.listen(0, '127.0.0.1', () => {
    const { port } = core.server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ router: `http://127.0.0.1:${port}` })}\n`);
  });
  const stop = () => {
    setTimeout(() => process.exit(0), 300).unref();
    core.server.close(() => process.exit(0));
    core.server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
