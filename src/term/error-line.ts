// An error's one line for the terminal, apart from the runner so main.ts can print a usage
// error without loading the runner (and what it imports) at start-up.
import { isTelemetryError, type RoutershError } from '../errors.js';
import { sanitizeLine } from './sanitize.js';

/**
 * `% …` for router and local errors, `error: code: message` for telemetry (CLI.md). Every
 * error reaches the terminal through here, so this is where its text is sanitized: messages
 * quote server text (Help, ValueType, JSON key names, a token's `sub`).
 */
export function errorLine(e: RoutershError): string {
  const text = sanitizeLine(e.message.replace(/\s*\n\s*/g, ' '));
  return isTelemetryError(e) ? `error: ${text}` : `% ${text}`;
}
