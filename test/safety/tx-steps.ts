// The fault harness's transaction (issue 38): five steps over the fault router's seeded state,
// each with the inverse its plan would compute from that state. No test-runner imports: the
// SIGKILL cases run it in a process of its own (tx-entry.ts).
import type { RouterRequest } from '../../src/api/router/types.js';
import type { TxStep } from '../../src/contract/config.js';

const set = (words: string[], options?: RouterRequest['options']): RouterRequest => ({
  method: 'POST',
  words,
  actions: ['SET'],
  ...(options ? { options } : {}),
});
const step = (text: string, request: RouterRequest, inverse: RouterRequest[]): TxStep => ({
  request,
  inverse,
  text,
  words: request.words,
});

/** Five steps over the seeded router, each touching a slice `observe` shows. */
export const STEPS: TxStep[] = [
  step('+ interface eth0 mtu 9000', set(['interface', 'eth0', 'mtu', '9000']), [
    set(['interface', 'eth0', 'mtu', '1500']),
  ]),
  step(
    '+ ipv4 firewall match-list blacklist action match net 192.0.2.1',
    set(['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'], { net: ['192.0.2.1'] }),
    [
      {
        method: 'POST',
        words: ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
        actions: ['UNSET'],
        options: { net: ['192.0.2.1'] },
      },
    ],
  ),
  step('+ interface eth1 description up', set(['interface', 'eth1', 'description', 'up']), [
    set(['interface', 'eth1', 'description', 'lan']),
  ]),
  step('- ip route 0.0.0.0/0 via 10.0.0.254', { method: 'DELETE', words: ['ip', 'route', '0.0.0.0/0'] }, [
    set(['ip', 'route', '0.0.0.0/0', 'via', '10.0.0.254']),
  ]),
  step('+ interface eth1 mtu 1400', set(['interface', 'eth1', 'mtu', '1400']), [
    set(['interface', 'eth1', 'mtu', '1500']),
  ]),
];
