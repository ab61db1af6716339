// The exchanges in flight under each caller's signal (transport.ts): one abort listener per
// signal, whatever the number of exchanges under it.
import { cancelledError } from '../errors.js';
import type { Collector } from './collect.js';

/**
 * The exchanges in flight under each caller's signal, which fails them when it aborts: ONE
 * listener per signal, not one added and removed per exchange - a bulk send's 65,536 requests
 * under one command's signal kept ~8x the bytes of a bare loop alive through young collections
 * that way. An exchange's place in its list is `slot` (removed by swapping the last one in).
 */
const watched = new WeakMap<AbortSignal, Collector[]>();

export function watchSignal(signal: AbortSignal, c: Collector): () => void {
  let list = watched.get(signal);
  if (!list) {
    const calls: Collector[] = [];
    list = calls;
    watched.set(signal, calls);
    signal.addEventListener('abort', abortAll(calls), { once: true });
  }
  const calls = list;
  c.slot = calls.length;
  calls.push(c);
  return () => {
    if (calls[c.slot] !== c) return;
    const last = calls.pop()!;
    if (last !== c) {
      calls[c.slot] = last;
      last.slot = c.slot;
    }
  };
}

/**
 * The listener, made out here: made inside watchSignal, its context was that call's, holding
 * the first exchange's collector (and, through its promise, the caller's whole run) for as long
 * as the signal lived; a signal kept past a young collection then kept all of that too.
 */
function abortAll(calls: Collector[]): () => void {
  return () => {
    for (const x of calls.splice(0)) x.abort(cancelledError());
  };
}
