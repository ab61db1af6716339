// A request as the journal may keep it: a value after a secret-like word (`password X`) and the
// values of secret-like options (`community X`) become ***, as history shows them.
import type { RouterRequest } from '../../../api/router/types.js';
import { isSecretName, REDACTED } from '../../../lang/redact.js';

export interface Redacted {
  request: RouterRequest;
  /** A secret sat in the path: its metadata is never read (the walker never GETs it either). */
  secretInPath: boolean;
  secretOption: boolean;
}

/**
 * `plain`: the values the metadata showed are not secrets under THE rule (lang/secret-slots.ts
 * isSecretSlot: a number, one of a fixed list of words), by the name they follow; absent, every
 * value of a secret-like name is one.
 */
export function redactRequest(
  req: RouterRequest,
  plain?: (name: string, value: string) => boolean,
): Redacted {
  let secretInPath = false;
  const words = req.words.map((w, i) => {
    if (i > 0 && isSecretName(req.words[i - 1]!) && !plain?.(req.words[i - 1]!, w)) {
      secretInPath = true;
      return REDACTED;
    }
    return w;
  });
  let secretOption = false;
  let options: RouterRequest['options'];
  if (req.options) {
    options = {};
    for (const [k, v] of Object.entries(req.options)) {
      const secret = isSecretName(k) && v.length > 0 && !v.every((x) => plain?.(k, String(x)));
      if (secret) secretOption = true;
      options[k] = secret ? v.map(() => REDACTED) : [...v];
    }
  }
  const request: RouterRequest = {
    method: req.method,
    words,
    ...(req.actions ? { actions: [...req.actions] } : {}),
  };
  if (options) request.options = options;
  return { request, secretInPath, secretOption };
}
