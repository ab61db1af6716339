// Linux iputils-style ping text, computed at once (no sleeping for `interval`) and
// deterministic for a given target, options and second of the clock.
import { hash32, netContains } from './net.js';

export interface PingParams {
  target: string;
  count: number;
  size: number;
  interval: number;
  numeric: boolean;
  /** Target on a directly connected network: sub-millisecond answers. */
  connected: boolean;
  source?: string | undefined;
  iface?: string | undefined;
  now: number;
}

/** TEST-NET-1 never answers: a handy way to demo packet loss. */
const SILENT_NETS = ['192.0.2.0/24'];

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pingText(p: PingParams): string {
  const rand = rng(hash32(`${p.target}|${p.size}|${Math.floor(p.now / 1000)}`));
  const silent = SILENT_NETS.some((n) => netContains(n, p.target));
  const local = p.target.startsWith('127.');
  const h = hash32(p.target);
  const base = local ? 0.03 : p.connected ? 0.2 + (h % 80) / 100 : 5 + (h % 400) / 10;
  const ttl = local || p.connected ? 64 : 64 - (h % 12);
  const from =
    p.source || p.iface ? ` from ${p.source ?? p.iface}${p.iface && p.source ? ` ${p.iface}` : ''}` : '';
  const peer = !p.numeric && p.target === '127.0.0.1' ? `localhost (${p.target})` : p.target;
  const lines = [
    `PING ${p.target} (${p.target})${from ? `${from}:` : ''} ${p.size}(${p.size + 28}) bytes of data.`,
  ];
  const times: number[] = [];
  for (let seq = 1; seq <= p.count && !silent; seq++) {
    const t = base * (0.85 + rand() * 0.3);
    times.push(t);
    lines.push(`${p.size + 8} bytes from ${peer}: icmp_seq=${seq} ttl=${ttl} time=${fmtTime(t)} ms`);
  }
  const elapsed = Math.round((p.count - 1) * p.interval * 1000 + (times.at(-1) ?? 0) + rand() * 5);
  const received = times.length;
  const loss = Math.round(((p.count - received) / p.count) * 100);
  lines.push('', `--- ${p.target} ping statistics ---`);
  lines.push(`${p.count} packets transmitted, ${received} received, ${loss}% packet loss, time ${elapsed}ms`);
  if (received > 0) {
    const min = Math.min(...times);
    const max = Math.max(...times);
    const avg = times.reduce((a, b) => a + b, 0) / received;
    const mdev = Math.sqrt(times.reduce((a, b) => a + (b - avg) ** 2, 0) / received);
    lines.push(`rtt min/avg/max/mdev = ${[min, avg, max, mdev].map((x) => x.toFixed(3)).join('/')} ms`);
  }
  return lines.join('\n');
}

const fmtTime = (t: number): string => (t < 1 ? t.toFixed(3) : t < 10 ? t.toFixed(2) : t.toFixed(1));
