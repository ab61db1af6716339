// THE secret predicate (src/lang/secret-rule.ts, reached through src/lang/secrets.ts) from the
// line alone: a number of seconds after a time-like name is never a secret, anything else after
// a secret-like name is (the safe failure without metadata), and the metadata's number and
// fixed-choice slots are not secrets.
import { describe, expect, it } from 'vitest';
import { isSecretValue, redactLine, redactRequest } from '../../src/lang/secrets.js';

describe('THE secret predicate', () => {
  it.each([
    ['system user bob token-expiration 600', 'system user bob token-expiration 600'],
    ['vpn ike key-lifetime 1h30m', 'vpn ike key-lifetime 1h30m'],
    ['api -O token-expiration=900', 'api -O token-expiration=900'],
    ['system user bob token-expiration hunter2', 'system user bob token-expiration ***'],
    ['system user bob token 600', 'system user bob token ***'],
    ['system user bob password 600', 'system user bob password ***'],
    ['snmp community-timeout 30 community public', 'snmp community-timeout 30 community ***'],
  ])('%s → %s (no metadata)', (line, kept) => {
    expect(redactLine(line)).toBe(kept);
  });

  it('a slot the metadata shows as a number or a fixed list of words holds no secret', () => {
    expect(isSecretValue('key', 'net', { inputRe: '(net|net-port)' })).toBe(false);
    expect(isSecretValue('key', 'net')).toBe(true);
    expect(isSecretValue('psk', '1234', { valueType: '%NUM' })).toBe(false);
    expect(isSecretValue('password', 'hunter2', { inputRe: '(.+)', valueType: '%STR' })).toBe(true);
    expect(isSecretValue('mtu', '1500')).toBe(false);
  });

  it('the journal keeps a request by the same rule: a time in clear, a password as ***', () => {
    const seconds = redactRequest({
      method: 'POST',
      words: ['system', 'user', 'bob', 'token-expiration', '600'],
    });
    expect(seconds.request.words.at(-1)).toBe('600');
    expect(seconds.secretInPath).toBe(false);
    const pw = redactRequest({
      method: 'POST',
      words: ['snmp'],
      options: { community: ['public'], 'community-timeout': [30] },
    });
    expect(pw.request.options).toEqual({ community: ['***'], 'community-timeout': [30] });
    expect(pw.secretOption).toBe(true);
  });
});
