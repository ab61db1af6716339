// The monitor pane's data: the router's `show ipv4 firewall match-list LIST` (a POST with
// Actions ["SHOW"]), parsed; and the removal of one member (UNSET by the list's key option).
import type { Envelope, RouterRequest } from '../../api/router/types.js';
import { commandFailedError } from '../../errors.js';
import { type MonitorParse, monitorParser } from './monitor-parser.js';
import { type MonitorData, parseMonitor } from './parse-monitor.js';
import type { MonitorSource } from '../../contract/monitor.js';
import type { CandidatePort, JournalPort } from '../../contract/services.js';
import { type BulkJournal, entryRequest } from './send.js';
import { listWords } from './target.js';

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
  parse: MonitorParse = async (output) => parseMonitor(output),
): Promise<MonitorData> {
  const env = await router.send(monitorRequest(list), { signal });
  if (!env.ok) throw refused(env, `show match-list ${list}`);
  // A router that answers in Message rather than ShowOutput: read that instead.
  if (env.nodeInfo?.showOutput === undefined && env.message) return parse(env.message, signal);
  return parse(env.nodeInfo?.showOutput, signal);
}

/** `net` or `net,proto:port` (the simulator's naming; `net proto:port` too) → the entry's options. */
function memberOf(address: string): { net: string; protocol?: string; port?: string } {
  const m = /^([^,\s]+)[,\s]+([^:\s]+):(\d+)$/.exec(address);
  return m ? { net: m[1]!, protocol: m[2]!, port: m[3]! } : { net: address };
}

/** What removing a member needs to know about its list: where entries live and their key option. */
export interface EntryShape {
  words: string[];
  key: string;
}

/**
 * Reads the list's own node (`ipv4 firewall match-list LIST`: the list names and their
 * settings, a few hundred bytes) — never the entry node, whose metadata names every member
 * (65,536 of them at real scale). The key option is `net` for both kinds of list (`key net` or
 * `net-port`; port and protocol ride along, as match-list import sends them: send.ts).
 */
export async function entryShape(
  router: MonitorRouter,
  list: string,
  signal: AbortSignal,
): Promise<EntryShape> {
  const words = listWords(list);
  const env = await router.send({ method: 'GET', words: words.slice(0, 4) }, { signal });
  if (!env.ok) throw refused(env, `match-list ${list}`);
  const names = env.nodeInfo?.setValues ?? [];
  if (!names.includes(list)) throw commandFailedError(`match-list ${list} does not exist`);
  return { words, key: 'net' };
}

/** One UNSET of the entry: nothing else is read. */
export async function removeMember(
  router: MonitorRouter,
  shape: EntryShape,
  address: string,
  signal: AbortSignal,
  journal?: BulkJournal,
  window?: string,
): Promise<string> {
  const request = entryRequest(shape.words, shape.key, 'UNSET', memberOf(address));
  let env: Envelope | undefined;
  const send = async () => {
    env = await router.send(request, { signal });
    return { ok: env.ok, status: env.requestStatus };
  };
  // The pane's `d` is a change like any other: journaled (undo puts the entry back).
  if (journal)
    await journal.recordBulk(
      `no ${shape.words.join(' ')} ${shape.key} ${address}`,
      shape.words,
      [request],
      router,
      signal,
      send,
      { window },
    );
  else await send();
  if (!env!.ok) throw refused(env!, `remove ${address}`);
  return env!.message.trim() || `${address} removed`;
}

/**
 * Made once per pane: the list's shape is read on the first `d` and kept for the next ones;
 * each read is parsed against the one before (an unchanged output is not parsed again). The
 * session's journal is opened at the first `d`: a pane opened at start (a dashboard) comes
 * before the shell has opened it.
 */
export function monitorSource(
  router: MonitorRouter,
  list: string,
  journal?: JournalPort,
  candidate?: Pick<CandidatePort, 'lines'>,
): MonitorSource {
  let shape: Promise<EntryShape> | undefined;
  const parse = monitorParser();
  return {
    read: (signal) => readMonitor(router, list, signal, parse),
    remove: async (address, signal) => {
      // `d` removes at once: not while lines are being staged (candidate mode).
      if (candidate?.lines() !== undefined)
        throw commandFailedError('d removes at once: in candidate mode, commit or discard first');
      // The key is the pane's line: its `d` is sent only inside the window open when it was pressed.
      const began = journal?.opened()?.window()?.id;
      shape ??= entryShape(router, list, signal);
      const got = await shape.catch((e: unknown) => {
        shape = undefined; // a failed read is asked again on the next `d`
        throw e;
      });
      return removeMember(router, got, address, signal, await journal?.open(), began);
    },
  };
}
