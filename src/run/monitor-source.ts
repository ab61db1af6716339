// The monitor pane's data: the router's `show ipv4 firewall match-list LIST` (a POST with
// Actions ["SHOW"]), parsed; and the removal of one member (UNSET by the list's key option).
import type { Envelope, RouterRequest } from '../api/router/types.js';
import { commandFailedError } from '../errors.js';
import { type MonitorData, parseMonitor } from '../panes/monitor/parse-monitor.js';
import type { MonitorSource } from '../panes/monitor/source.js';
import { type BulkJournal, entryRequest } from './match-list/send.js';
import { loadTarget } from './match-list/target.js';

export interface MonitorRouter {
  send(req: RouterRequest, o: { signal?: AbortSignal }): Promise<Envelope>;
}

export const monitorRequest = (list: string): RouterRequest => ({
  method: 'POST',
  words: ['ipv4', 'firewall', 'match-list', list],
  actions: ['SHOW'],
});

const refused = (env: Envelope, what: string) => commandFailedError(env.message.trim() || `${what} failed`);

/** Reads the list's monitor output; a router refusal is an error, an odd layout never is. */
export async function readMonitor(
  router: MonitorRouter,
  list: string,
  signal: AbortSignal,
): Promise<MonitorData> {
  const env = await router.send(monitorRequest(list), { signal });
  if (!env.ok) throw refused(env, `show match-list ${list}`);
  // A router that answers in Message rather than ShowOutput: read that instead.
  if (env.nodeInfo?.showOutput === undefined && env.message) return parseMonitor(env.message);
  return parseMonitor(env.nodeInfo?.showOutput);
}

/** `net` or `net,proto:port` (the simulator's naming; `net proto:port` too) → the entry's options. */
function memberOf(address: string): { net: string; protocol?: string; port?: string } {
  const m = /^([^,\s]+)[,\s]+([^:\s]+):(\d+)$/.exec(address);
  return m ? { net: m[1]!, protocol: m[2]!, port: m[3]! } : { net: address };
}

export async function removeMember(
  router: MonitorRouter,
  list: string,
  address: string,
  signal: AbortSignal,
  journal?: BulkJournal,
): Promise<string> {
  const t = await loadTarget(router, list, signal);
  const request = entryRequest(t.words, t.key.name, 'UNSET', memberOf(address));
  let env: Envelope | undefined;
  const send = async () => {
    env = await router.send(request, { signal });
    return { ok: env.ok, status: env.requestStatus };
  };
  // The pane's `d` is a change like any other: journaled (undo puts the entry back).
  if (journal)
    await journal.recordBulk(
      `no ${t.words.join(' ')} ${t.key.name} ${address}`,
      t.words,
      [request],
      router,
      signal,
      send,
    );
  else await send();
  if (!env!.ok) throw refused(env!, `remove ${address}`);
  return env!.message.trim() || `${address} removed`;
}

export function monitorSource(router: MonitorRouter, list: string, journal?: BulkJournal): MonitorSource {
  return {
    read: (signal) => readMonitor(router, list, signal),
    remove: (address, signal) => removeMember(router, list, address, signal, journal),
  };
}
