// A request as the journal keeps it: THE secret rule's (lang/secrets.ts) redaction — a value
// in a secret slot becomes ***, as history shows it. No rule of the journal's own.
export { type RedactedRequest as Redacted, redactRequest } from '../../../lang/secrets.js';
