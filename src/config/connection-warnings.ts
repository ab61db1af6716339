// What a connection's settings give away, said once per run on stderr before anything is sent:
// TLS verification turned off (naming the API), and a plain http:// API reached through a
// proxy, which then sees the credentials (the Basic header, a token, a SET that carries a
// password, the API key) in clear. A CONNECT tunnel (https://) shows the proxy none of them.
import type { Config } from './config.js';
import { proxyFor } from './proxy-env.js';
import { sameHost } from './tls-config.js';

const isHttps = (url: string | undefined) => url?.startsWith('https:') === true;
const isHttp = (url: string | undefined) => url?.startsWith('http:') === true;

export function connectionWarnings(cfg: Readonly<Config>): string[] {
  const out: string[] = [];
  const telemetry = cfg.telemetryUrl && cfg.telemetryKey ? cfg.telemetryUrl : undefined;
  const routerOff = cfg.insecure && isHttps(cfg.router);
  const telemetryOff = cfg.telemetryTls?.insecure === true && isHttps(telemetry);
  const inherited = cfg.insecure && sameHost(cfg.router, telemetry);
  if (routerOff && telemetryOff && inherited) {
    out.push('TLS verification is off for the router and the telemetry API (--insecure)');
  } else {
    if (routerOff) out.push('TLS verification is off for the router (--insecure)');
    if (telemetryOff)
      out.push(
        `TLS verification is off for the telemetry API (${inherited ? '--insecure' : '--telemetry-insecure'})`,
      );
  }
  const routerProxy = cfg.router && isHttp(cfg.router) ? proxyFor(cfg.proxies, cfg.router) : undefined;
  if (routerProxy) {
    out.push(
      `the router is plain http:// and its requests cross the proxy at ${hostOf(routerProxy.uri)} (${routerProxy.from}) in clear: the proxy sees the login (Authorization header) and any password a SET carries; use https://`,
    );
  }
  const telemetryProxy = telemetry && isHttp(telemetry) ? proxyFor(cfg.proxies, telemetry) : undefined;
  if (telemetryProxy) {
    out.push(
      `the telemetry API is plain http:// and its requests cross the proxy at ${hostOf(telemetryProxy.uri)} (${telemetryProxy.from}) in clear: the proxy sees the API key; use https://`,
    );
  }
  return out;
}

const hostOf = (uri: string) => new URL(uri).host;
