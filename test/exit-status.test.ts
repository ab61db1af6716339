// The one exit table: every error code has a status, the connect-class codes are exactly the
// ones that exit 3, and endings of several errors (--keep-going) fold as CLI.md says.
import { describe, expect, it } from 'vitest';
import { type ErrorCode, failed, fleetEnding, isConnectFailure, OK, RoutershError } from '../src/errors.js';
import { EXIT, exitStatus, exitStatusOf } from '../src/exit-status.js';

const CODES: ErrorCode[] = [
  'usage',
  'config',
  'argument',
  'not_configured',
  'auth',
  'transport',
  'timeout',
  'protocol',
  'rejected',
  'command_failed',
  'validation',
  'telemetry',
  'telemetry_auth',
  'telemetry_redirect',
  'limit',
  'cancelled',
  'internal',
];
const err = (code: ErrorCode) => new RoutershError(code, code);

describe('exit table', () => {
  it('maps usage and configuration to 2, connection to 3, everything else to 1', () => {
    for (const code of CODES) {
      const want = code === 'usage' || code === 'config' ? 2 : isConnectFailure(err(code)) ? 3 : 1;
      expect([code, exitStatusOf(err(code))]).toEqual([code, want]);
    }
  });

  it('folds endings: ok 0, signals 128+n, several errors 3 if one could not connect, else 1', () => {
    expect(exitStatus(OK)).toBe(EXIT.ok);
    expect(exitStatus({ kind: 'signal', signal: 'SIGINT' })).toBe(130);
    expect(exitStatus({ kind: 'signal', signal: 'SIGTERM' })).toBe(143);
    expect(exitStatus({ kind: 'signal', signal: 'SIGHUP' })).toBe(129);
    expect(exitStatus(failed(err('argument')))).toBe(1);
    expect(exitStatus(failed(err('usage')))).toBe(2);
    expect(exitStatus(failed(err('validation'), err('transport')))).toBe(3);
    expect(exitStatus(failed(err('validation'), err('usage')))).toBe(1);
  });

  it('a fleet: 4 when some hosts failed and some not; all failed: 3 only when none was reached', () => {
    expect(exitStatus(fleetEnding(3, [], 0))).toBe(0);
    expect(exitStatus(fleetEnding(3, [err('transport')], 1))).toBe(4);
    expect(exitStatus(fleetEnding(3, [err('rejected'), err('timeout')], 2))).toBe(4);
    expect(exitStatus(fleetEnding(2, [err('transport'), err('timeout')], 2))).toBe(3);
    expect(exitStatus(fleetEnding(2, [err('rejected'), err('timeout')], 2))).toBe(1);
    expect(exitStatus(fleetEnding(1, [err('rejected')], 1))).toBe(1);
  });
});
