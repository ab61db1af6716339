// The host part of a simulator's URL: a wildcard address (listening everywhere) is reached on
// the loopback; an IPv6 literal is bracketed.
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
