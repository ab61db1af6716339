// A request as the journal keeps it: THE secret rule's (lang/secrets.ts) redaction — a value
// in a secret slot becomes ***, as history shows it. No rule of the journal's own.
import type { RouterRequest } from '../../../api/router/types.js';
import type { RecordOptions } from '../../../contract/journal.js';
import { redactRequest } from '../../../lang/secrets.js';

export { type RedactedRequest as Redacted, redactRequest } from '../../../lang/secrets.js';

/** The requests as the record keeps them (secrets `***`; the same objects when nothing is hidden). */
export function keptRequests(requests: readonly RouterRequest[], plain: RecordOptions['plain']) {
  let secretInPath = false;
  let secret = false;
  const kept = requests.map((r) => {
    const x = redactRequest(r, plain);
    secretInPath ||= x.secretInPath;
    secret ||= x.secretInPath || x.secretOption;
    return x.request;
  });
  return { kept, secretInPath, secret };
}
