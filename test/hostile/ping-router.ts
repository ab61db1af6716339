// A router whose `ping` answers in its own words: a node:http server with one node, `ping
// <x.x.x.x>` (options count, interval, size), whose SET answers the next of `modes.answers`
// (cycled): Cisco IOS text, garbage, control sequences — what a test hands it. Every request
// is recorded as it arrived.
import type { WireEnvelope, WireOptionInfo } from '../../src/api/router/wire.js';
import { type Harness, startHarness } from './harness.js';
import { wireNode as node } from './wire-node.js';

export interface PingRouterModes {
  /** The Message of each ping's answer, in turn (cycled). */
  answers: string[];
}

export type PingRouter = Harness<PingRouterModes> & { pings: () => number };

/** Cisco IOS's answer to one echo request (`!` a reply, `.` none). */
export const ciscoPing = (target: string, rttMs: number | undefined): string =>
  [
    'Type escape sequence to abort.',
    `Sending 1, 100-byte ICMP Echos to ${target}, timeout is 2 seconds:`,
    rttMs === undefined ? '.' : '!',
    rttMs === undefined
      ? 'Success rate is 0 percent (0/1)'
      : `Success rate is 100 percent (1/1), round-trip min/avg/max = ${rttMs}/${rttMs}/${rttMs} ms`,
  ].join('\n');

const num = (description: string): WireOptionInfo => ({
  InputRe: '\\d+',
  ValueType: '%NUM',
  Count: 1,
  Description: description,
  AvailableInSet: 1,
  AvailableInUnSet: 0,
  AvailableInShow: 0,
  Key: 0,
});

const target = node('%IP4', 'Value', {
  Help: '<x.x.x.x>',
  Description: 'address to ping',
  InputRe: '\\d+\\.\\d+\\.\\d+\\.\\d+',
  AllowSet: 1,
  PossibleOptions: { count: num('echoes'), interval: num('seconds between'), size: num('bytes') },
});
const ping = node('ping', 'Token', { Description: 'send echo requests', children: [target] });
const root = node('', 'Token', { children: [ping] });

export async function startPingRouter(answers: string[]): Promise<PingRouter> {
  let pings = 0;
  const h = await startHarness<PingRouterModes>({ answers }, (m, rec, _req, res) => {
    const json = (status: number, body: WireEnvelope) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const words = new URL(rec.url, 'http://x').pathname.split('/').slice(2).filter(Boolean);
    if (rec.method === 'GET') {
      const info = words.length === 0 ? root : words.length === 1 && words[0] === 'ping' ? ping : target;
      return json(200, {
        RequestStatus: 'OK',
        Message: [],
        NodeInfo: { ...info, SubNodes: words.length === 2 ? [] : (info.SubNodes ?? []) },
      });
    }
    const text = m.answers[pings++ % m.answers.length] ?? '';
    json(200, { RequestStatus: 'OK', Message: [text, '\n'] });
  });
  return Object.assign(h, { pings: () => pings });
}
