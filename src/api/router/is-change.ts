// THE predicate for "is this request a change": the journal records exactly these, the runner
// sends exactly these through it, and the metadata cache forgets what they touch. A SHOW, a
// GET and any other action (ping, create-token) are not changes.
import type { RouterRequest } from './types.js';

export const isChange = (r: RouterRequest): boolean =>
  r.method === 'DELETE' ||
  (r.method === 'POST' && (r.actions ?? ['SET']).some((a) => a === 'SET' || a === 'UNSET'));
