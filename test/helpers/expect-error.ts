import { expect } from 'vitest';
import { isRoutershError, type RoutershError } from '../../src/errors.js';

/** Awaits a promise that must fail with a RoutershError; checks the message is one line. */
export async function failure(p: Promise<unknown>): Promise<RoutershError> {
  try {
    await p;
  } catch (e) {
    if (!isRoutershError(e)) throw e;
    expect(e.message).not.toMatch(/[\r\n]/);
    return e;
  }
  throw new Error('expected the call to fail');
}

/** Basic credentials as a header value, to assert they appear nowhere. */
export function secretsIn(e: RoutershError, ...secrets: string[]): string[] {
  const text = `${e.message} ${JSON.stringify(e.toJSON())} ${e.stack ?? ''}`;
  return secrets.filter((s) => text.includes(s));
}
