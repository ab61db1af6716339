// Decodes the router's response envelope. RequestStatus is compared without case (the spec
// shows OK / Error / ERROR); Message elements are joined so a trailing "\n" element does not
// double the newline.
import { protocolError } from '../../errors.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../json-depth.js';
import { decodeNodeInfo, isObject, type Json } from './decode-node.js';
import type { Envelope } from './types.js';

export { decodeNodeInfo, isObject } from './decode-node.js';
export { decodeShowOutput } from './decode-table.js';

/**
 * Joins Message elements as lines: an element that does not end in a newline is followed by
 * one unless the next element starts with one. The result ends with exactly one "\n" (or is
 * empty).
 */
export function joinMessage(parts: readonly string[]): string {
  let out = '';
  parts.forEach((p, i) => {
    out += p;
    const next = parts[i + 1];
    if (next !== undefined && !p.endsWith('\n') && !next.startsWith('\n') && p !== '') out += '\n';
  });
  out = out.replace(/\n+$/, '');
  return out === '' ? '' : `${out}\n`;
}

export function isOkStatus(status: string): boolean {
  return status.trim().toUpperCase() === 'OK';
}

export function parseJson(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw protocolError('malformed response from router: body is not JSON');
  }
  if (nestedDeeperThan(body)) {
    throw protocolError(`malformed response from router: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return body;
}

export function decodeEnvelope(body: unknown): Envelope {
  if (!isObject(body)) throw protocolError('malformed response from router: body is not a JSON object');
  const raw: Json = body;
  const rs = raw['RequestStatus'];
  const es = raw['ErrorStatus'];
  if (es !== undefined && es !== null && typeof es !== 'string') {
    throw protocolError('malformed response from router: ErrorStatus is not a string');
  }
  let requestStatus: string;
  if (typeof rs === 'string') requestStatus = rs;
  else if (rs === undefined || rs === null) {
    // Without a status only an ErrorStatus tells us what happened.
    if (typeof es !== 'string') throw protocolError('malformed response from router: no RequestStatus');
    requestStatus = 'Error';
  } else throw protocolError('malformed response from router: RequestStatus is not a string');

  const msg = raw['Message'];
  let parts: string[] = [];
  if (typeof msg === 'string') parts = [msg];
  else if (Array.isArray(msg)) {
    parts = msg.map((m) => {
      if (typeof m === 'string') return m;
      if (typeof m === 'number') return String(m);
      throw protocolError('malformed response from router: Message is not an array of strings');
    });
  } else if (msg !== undefined && msg !== null) {
    throw protocolError('malformed response from router: Message is not an array of strings');
  }
  const message = joinMessage(parts);
  const env: Envelope = {
    ok: isOkStatus(requestStatus),
    requestStatus,
    message,
    messageLines: message === '' ? [] : message.slice(0, -1).split('\n'),
    raw,
  };
  if (typeof es === 'string') env.errorStatus = es;
  if (raw['NodeInfo'] !== undefined && raw['NodeInfo'] !== null)
    env.nodeInfo = decodeNodeInfo(raw['NodeInfo']);
  return env;
}
