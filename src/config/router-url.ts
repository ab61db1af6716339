// How a router is written on the command line: a URL, `host:port` or a bare `host` (as the
// vendor's demo client takes `-s`). One rule for `routersh api -s`, --router, ROUTERSH_ROUTER
// and a profile's "router", so `routersh --router 127.0.0.1:8080` reaches the router that
// `routersh api -s 127.0.0.1:8080` does. Pure: no I/O.

/** `scheme://…`: the value names its scheme (checked later: only http and https are served). */
const WITH_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\//i;
/** `scheme:rest` whose rest is not a port (`ftp:x`, `http:/x`): a scheme, not a host. */
const SCHEME_ONLY = /^[a-z][a-z0-9+.-]*:(?!\d+(\/|$))/i;

/** An address, host:port or URL → a base URL; `http://` when no scheme is given. */
export function serverUrl(server: string): string {
  if (WITH_AUTHORITY.test(server)) return server;
  // A bare IPv6 address needs brackets in a URL.
  if ((server.match(/:/g) ?? []).length > 1 && !server.startsWith('[')) return `http://[${server}]`;
  // `mailto:x`, `http:/x`: left as written, so the URL check names the scheme it refuses.
  if (SCHEME_ONLY.test(server)) return server;
  return `http://${server}`;
}
