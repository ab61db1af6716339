// The proxy variables as curl reads them (config/proxy-env.ts): which variable serves which
// scheme, lower case first, http_proxy in lower case only, ALL_PROXY as the fallback, and
// NO_PROXY's host, domain, IP, CIDR, port and `*` entries. Values are never echoed.
import { describe, expect, it } from 'vitest';
import { bypasses, proxyFor, readProxyEnv } from '../../src/config/proxy-env.js';
import { failure } from '../helpers/expect-error.js';

const via = (env: NodeJS.ProcessEnv, target: string) => proxyFor(readProxyEnv(env), target);

describe('which variable', () => {
  it('no proxy variable: nothing to read, nothing to load', () => {
    expect(readProxyEnv({ NO_PROXY: 'x', PATH: '/bin' })).toBeUndefined();
  });

  it('https:// takes https_proxy, then HTTPS_PROXY, then all_proxy, then ALL_PROXY', () => {
    const all = { https_proxy: 'a:1', HTTPS_PROXY: 'b:2', all_proxy: 'c:3', ALL_PROXY: 'd:4' };
    expect(via(all, 'https://r')?.from).toBe('https_proxy');
    const { https_proxy: _, ...upper } = all;
    expect(via(upper, 'https://r')?.from).toBe('HTTPS_PROXY');
    expect(via({ all_proxy: 'c:3', ALL_PROXY: 'd:4' }, 'https://r')?.from).toBe('all_proxy');
    expect(via({ ALL_PROXY: 'd:4' }, 'https://r')).toMatchObject({ from: 'ALL_PROXY', uri: 'http://d:4' });
  });

  it('http:// takes http_proxy in lower case only (as curl: HTTP_PROXY is what a CGI gets from a Proxy: header)', () => {
    expect(via({ http_proxy: 'p:1' }, 'http://r')?.from).toBe('http_proxy');
    expect(via({ HTTP_PROXY: 'p:1' }, 'http://r')).toBeUndefined();
    expect(via({ HTTP_PROXY: 'p:1', ALL_PROXY: 'q:2' }, 'http://r')?.from).toBe('ALL_PROXY');
  });

  it('the scheme picks its own: https_proxy does not serve http://, http_proxy does not serve https://', () => {
    expect(via({ https_proxy: 'p:1' }, 'http://r')).toBeUndefined();
    expect(via({ http_proxy: 'p:1' }, 'https://r')).toBeUndefined();
  });

  it('the default port is 1080 for http:// and a bare host, 443 for https://, as curl', () => {
    expect(via({ ALL_PROXY: 'proxy.lan' }, 'http://r')?.uri).toBe('http://proxy.lan:1080');
    expect(via({ ALL_PROXY: 'http://proxy.lan/' }, 'http://r')?.uri).toBe('http://proxy.lan:1080');
    expect(via({ ALL_PROXY: 'https://proxy.lan' }, 'http://r')?.uri).toBe('https://proxy.lan:443');
    expect(via({ ALL_PROXY: 'http://[::1]:3128' }, 'http://r')?.uri).toBe('http://[::1]:3128');
  });

  it("the proxy URL's user:password become Proxy-Authorization, and leave the URI", () => {
    const p = via({ https_proxy: 'http://u%40x:p%3Aw@proxy:3128' }, 'https://r');
    expect(p?.uri).toBe('http://proxy:3128');
    expect(p?.authorization).toBe(`Basic ${Buffer.from('u@x:p:w').toString('base64')}`);
  });
});

describe('bad values: one line naming the variable, never its value', () => {
  it.each([
    [{ https_proxy: 'http://user:s3cret@[bad' }, 'https_proxy is not a proxy URL'],
    [
      { ALL_PROXY: 'socks5h://user:s3cret@p:1080' },
      'ALL_PROXY: routersh uses http:// and https:// proxies, not socks5h://',
    ],
    [
      { http_proxy: 'http://user:%E0%A4%A@p:1' },
      "http_proxy: the proxy's user or password is not valid percent-encoding",
    ],
  ])('%j', async (env, message) => {
    const e = await failure((async () => readProxyEnv(env))());
    expect(e.code).toBe('config');
    expect(e.message).toContain(message);
    expect(e.message).not.toContain('s3cret');
  });
});

describe('NO_PROXY', () => {
  const proxied = (noProxy: string, target: string) =>
    via({ ALL_PROXY: 'p:1', NO_PROXY: noProxy }, target) !== undefined;

  it('a host name matches itself and its subdomains, not a longer name; case and trailing dots do not count', () => {
    expect(proxied('lab', 'http://r1.lab')).toBe(false);
    expect(proxied('r1.lab', 'http://R1.LAB.:8080')).toBe(false);
    expect(proxied('.lab', 'http://lab')).toBe(false);
    expect(proxied('*.lab', 'http://r1.lab')).toBe(false);
    expect(proxied('lab', 'http://r1.notlab')).toBe(true);
    expect(proxied('r1.lab', 'http://lab')).toBe(true);
  });

  it('entries are separated by commas and blanks; no_proxy wins over NO_PROXY', () => {
    expect(proxied('a.b, , lab  c.d', 'http://r1.lab')).toBe(false);
    expect(via({ ALL_PROXY: 'p:1', no_proxy: 'other', NO_PROXY: 'lab' }, 'http://r1.lab')).toBeDefined();
  });

  it('* sends everything straight', () => {
    expect(proxied('*', 'https://anything:9')).toBe(false);
  });

  it('IP addresses and CIDR ranges match IP-literal URLs (IPv6 with or without brackets); a name is not resolved', () => {
    expect(proxied('127.0.0.1', 'http://127.0.0.1:8080')).toBe(false);
    expect(proxied('10.0.0.0/8', 'http://10.2.3.4')).toBe(false);
    expect(proxied('10.0.0.0/8', 'http://11.2.3.4')).toBe(true);
    expect(proxied('::1', 'http://[::1]:8080')).toBe(false);
    expect(proxied('[fd00::]/8', 'http://[fd12::5]')).toBe(false);
    expect(proxied('fd00::/8', 'http://[fe80::1]')).toBe(true);
    expect(proxied('127.0.0.1', 'http://localhost')).toBe(true);
    expect(proxied('localhost', 'http://127.0.0.1')).toBe(true);
  });

  it('host:port matches that port only (the scheme default when the URL has none)', () => {
    expect(proxied('r1.lab:8443', 'https://r1.lab:8443')).toBe(false);
    expect(proxied('r1.lab:8443', 'https://r1.lab:9443')).toBe(true);
    expect(proxied('r1.lab:443', 'https://r1.lab')).toBe(false);
    expect(proxied('127.0.0.1:80', 'http://127.0.0.1')).toBe(false);
    expect(proxied('[::1]:8080', 'http://[::1]:8080')).toBe(false);
  });

  it('bypasses() alone', () => {
    expect(bypasses('example.com', 'www.example.com', 80)).toBe(true);
    expect(bypasses('example.com', 'nonexample.com', 80)).toBe(false);
    expect(bypasses('.', 'x', 80)).toBe(false);
  });
});
