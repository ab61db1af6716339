// A metadata GET that failed is one of two things. The router may have answered, in its own
// envelope, that the path is not there (a 400 with ErrorStatus, or a 200 whose RequestStatus
// is an error): the path is then a leaf described by its parent, and a word that fits
// nowhere is an unknown word. Or the metadata could not be read at all (5xx, 404, an HTML
// page, garbage JSON): the line is still judged on the parent's description, but a verdict
// against it is reported as that failure, never as the user's unknown word.
import { isRoutershError, type RoutershError } from '../errors.js';
import { quoteName } from './line-error.js';
import type { Resolution } from './types.js';

export interface MetadataFailure {
  path: string[];
  error: RoutershError;
}

const hasEnvelope = (e: RoutershError) =>
  e.details.errorStatus !== undefined || e.details.requestStatus !== undefined;

/** The router said, in a proper envelope, that the path does not exist. */
function isRefusal(e: RoutershError): boolean {
  return e.code === 'command_failed' || (e.code === 'rejected' && e.details.status === 400 && hasEnvelope(e));
}

/** A failure to read metadata (not the router's "no such path", not a lost connection). */
export function unreadable(e: unknown): e is RoutershError {
  return isRoutershError(e) && (e.code === 'rejected' || e.code === 'protocol') && !isRefusal(e);
}

function why(e: RoutershError): string {
  const status = e.details.status;
  if (e.code !== 'rejected' || typeof status !== 'number') return e.message;
  return hasEnvelope(e)
    ? `router answered HTTP ${status}: ${e.message}`
    : `router answered HTTP ${status} (not a JSON envelope)`;
}

/** "could not read the metadata of 'interface eth0': router answered HTTP 502 (not a JSON envelope)" */
export function metadataFailureText(f: MetadataFailure): string {
  const what = f.path.length > 0 ? quoteName(f.path.join(' ')) : "the router's top level";
  return `could not read the metadata of ${what}: ${why(f.error)}`;
}

/** A line judged wrong after a metadata read failed: the failure is what the user is told. */
export function reportFailure(res: Resolution, f: MetadataFailure | undefined): Resolution {
  if (!f || res.kind !== 'error') return res;
  const { didYouMean: _d, expected: _e, ...rest } = res.error;
  return { ...res, error: { ...rest, message: metadataFailureText(f), reason: 'metadata', candidates: [] } };
}
