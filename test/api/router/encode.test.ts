import { describe, expect, it } from 'vitest';
import { encodeWord, nodePath, parseBaseUrl, queryString } from '../../../src/api/router/encode.js';

describe('encodeWord', () => {
  it('encodes RFC 3986 reserved characters inside one word', () => {
    expect(encodeWord('10.0.0.0/24')).toBe('10.0.0.0%2F24');
    expect(encodeWord("a!b'c(d)e*f")).toBe('a%21b%27c%28d%29e%2Af');
    expect(encodeWord('50%')).toBe('50%25');
    expect(encodeWord('a?b#c')).toBe('a%3Fb%23c');
    expect(encodeWord('two words')).toBe('two%20words');
    expect(encodeWord('é')).toBe('%C3%A9');
    expect(encodeWord('eth0.100-x_y~')).toBe('eth0.100-x_y~');
  });
});

describe('nodePath', () => {
  it('joins words under the root and a base prefix', () => {
    expect(nodePath('', 'api', ['interface', 'eth0'])).toBe('/api/interface/eth0');
    expect(nodePath('/router/', 'api-oauth', ['ipv4', '10.0.0.0/8'])).toBe(
      '/router/api-oauth/ipv4/10.0.0.0%2F8',
    );
    expect(nodePath('', 'api', [])).toBe('/api/');
  });
});

describe('queryString', () => {
  it('builds debug and output parameters', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({})).toBe('');
    expect(queryString({ debug: 1, output: 'dumper' })).toBe('?debug=1&output=dumper');
  });
});

describe('parseBaseUrl', () => {
  it('keeps the origin and the path prefix', () => {
    expect(parseBaseUrl('https://r1:8443/prefix/')).toEqual({
      origin: 'https://r1:8443',
      prefix: '/prefix',
      host: 'r1:8443',
    });
  });
  it('refuses other schemes and URLs with credentials, without echoing them', () => {
    expect(() => parseBaseUrl('ftp://x')).toThrow(/unsupported scheme/);
    try {
      parseBaseUrl('http://admin:s3cret@r1');
      expect.unreachable();
    } catch (e) {
      expect(String(e)).not.toContain('s3cret');
    }
  });
});
