// The lessons routersh ships (lessons/*.md), bundled into the build as text, in teaching order.
import discover from '../../../lessons/discover.md?raw';
import firewall from '../../../lessons/firewall.md?raw';
import interfaces from '../../../lessons/interfaces.md?raw';
import ping from '../../../lessons/ping.md?raw';
import telemetry from '../../../lessons/telemetry.md?raw';
import users from '../../../lessons/users.md?raw';

export const BUILTIN_LESSONS: ReadonlyMap<string, string> = new Map([
  ['discover', discover],
  ['interfaces', interfaces],
  ['ping', ping],
  ['users', users],
  ['firewall', firewall],
  ['telemetry', telemetry],
]);
