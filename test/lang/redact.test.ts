import { describe, expect, it } from 'vitest';
import { redact } from '../../src/lang/redact.js';
import { isSecretName } from '../../src/lang/secrets.js';

describe('redact', () => {
  it.each([
    ['system user admin password hunter2', 'system user admin password ***'],
    ['set token abc.def.ghi', 'set token ***'],
    ['snmp secret x', 'snmp secret ***'],
    ['telemetry api-key k123', 'telemetry api-key ***'],
    ['telemetry api_key k123', 'telemetry api_key ***'],
    ['telemetry apikey k123', 'telemetry apikey ***'],
    ['snmp community public extra', 'snmp community *** extra'],
    ['vpn ipsec pre-shared-key s3cr3t', 'vpn ipsec pre-shared-key ***'],
    ['crypto passphrase "two words" more', 'crypto passphrase *** more'],
    ['login PASSWORD Hunter2', 'login PASSWORD ***'],
    ['api -O password=hunter2 -O user=bob', 'api -O password=*** -O user=bob'],
    ['connect --password=hunter2', 'connect --password=***'],
    ['connect --password-file /tmp/pw --user bob', 'connect --password-file *** --user bob'],
    ['ospf auth-key abc md5-key def', 'ospf auth-key *** md5-key ***'],
    ["x password 'it''s'", 'x password ***'],
    ['x password a\\ b c', 'x password *** c'],
  ])('%s', (line, expected) => {
    expect(redact(line)).toBe(expected);
  });

  it('keeps everything else byte for byte', () => {
    const line = '  interface  eth0   description "uplink to core"  mtu 9000';
    expect(redact(line)).toBe(line);
  });

  it('does not treat a redacted value as a name (password token → only token hidden)', () => {
    expect(redact('user password token next')).toBe('user password *** next');
  });

  it('a secret word at the end of the line has nothing to hide', () => {
    expect(redact('show ip ssh key')).toBe('show ip ssh key');
  });

  it('redacts the value after a bare `key` (a match-list key type cannot be told apart)', () => {
    expect(redact('firewall match-list x key net')).toBe('firewall match-list x key ***');
  });

  it('lets the caller keep values known to be plain (e.g. PossibleValues of the option)', () => {
    const plain = (name: string, value: string) => name === 'key' && ['net', 'port'].includes(value);
    expect(redact('firewall match-list x key net', { isPlainValue: plain })).toBe(
      'firewall match-list x key net',
    );
    expect(redact('firewall x key s3cr3t', { isPlainValue: plain })).toBe('firewall x key ***');
  });

  it('recognises secret-like names by a whole dash/underscore part only', () => {
    expect(
      ['password', 'token-file', 'auth_key', 'snmp-community', '--passphrase', 'psk'].every(isSecretName),
    ).toBe(true);
    expect(['passive', 'keepalive', 'monkey', 'keys', 'tokenizer', 'mtu', '--'].some(isSecretName)).toBe(
      false,
    );
  });
});

describe('redaction reads THE lexer’s words', () => {
  it('a quoted or escaped value is one word, hidden whole', () => {
    expect(redact('system user bob password "a b" next')).toBe('system user bob password *** next');
    expect(redact("password 'a b'c\\ d next")).toBe('password *** next');
    expect(redact('password "open quote to the end')).toBe('password ***');
  });

  it('`#` after the first word is text: it is the value, and hidden as one', () => {
    // A comment starts only at the beginning of a line (issue 10): `#` is what is sent.
    expect(redact('user bob password # set it later')).toBe('user bob password *** set it later');
    expect(redact('user bob password #')).toBe('user bob password ***');
    // Not at a word start, `#` is part of the word.
    expect(redact('user bob password pa#ss')).toBe('user bob password ***');
  });

  it('a comment is read as words by the same lexer: a secret typed in it is still hidden', () => {
    expect(redact('# password hunter2')).toBe('# password ***');
    expect(redact('show x # note: key abc # token def')).toBe('show x # note: key *** # token ***');
    expect(redact('#'.repeat(100_000))).toBe('#'.repeat(100_000));
  });

  it('only space and tab separate words, as when the line runs', () => {
    // U+00A0 is not a blank: `password\u00a0x` is one word, not a name and a value.
    expect(redact('password\u00a0x')).toBe('password\u00a0x');
  });
});
