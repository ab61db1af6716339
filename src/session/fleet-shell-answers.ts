// What the fleet shell's lines answer (its runs and candidate mode alike): a text or an error,
// in the shape FleetShellPort.run gives the Ink shell.
import type { FleetShellPort } from '../contract/fleet.js';
import type { RoutershError } from '../errors.js';

export type Piped = Awaited<ReturnType<FleetShellPort['run']>>;

export const text = (t: string, json: unknown = t): Piped => ({
  outcome: { kind: 'text', text: t, json },
  page: true,
});
export const error = (e: RoutershError): Piped => ({ outcome: { kind: 'error', error: e }, page: false });
export const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
