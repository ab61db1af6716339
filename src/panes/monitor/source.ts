// The monitor pane's data: the router's `show ipv4 firewall match-list LIST` (a POST with
// Actions ["SHOW"]), parsed. Made once per pane (src/shell/open-pane.ts).
import type { Envelope, RouterRequest } from '../../api/router/types.js';
import { commandFailedError } from '../../errors.js';
import { type MonitorData, parseMonitor } from './parse-monitor.js';

export interface MonitorSource {
  read(signal: AbortSignal): Promise<MonitorData>;
}

export interface MonitorRouter {
  send(req: RouterRequest, o: { signal?: AbortSignal }): Promise<Envelope>;
}

export const monitorRequest = (list: string): RouterRequest => ({
  method: 'POST',
  words: ['ipv4', 'firewall', 'match-list', list],
  actions: ['SHOW'],
});

/** Reads the list's monitor output; a router refusal is an error, an odd layout never is. */
export async function readMonitor(
  router: MonitorRouter,
  list: string,
  signal: AbortSignal,
): Promise<MonitorData> {
  const env = await router.send(monitorRequest(list), { signal });
  if (!env.ok) throw commandFailedError(env.message.trim() || `show match-list ${list} failed`);
  const data = parseMonitor(env.nodeInfo?.showOutput);
  // A router that answers in Message rather than ShowOutput: read that instead.
  if (env.nodeInfo?.showOutput === undefined && env.message) return parseMonitor(env.message);
  return data;
}

export function monitorSource(router: MonitorRouter, list: string): MonitorSource {
  return { read: (signal) => readMonitor(router, list, signal) };
}
