// The fleet monitor pane's lines: the header sums, a row per host, an error row, names sanitized.
import { describe, expect, it } from 'vitest';
import { fleetMonitorFrame } from '../../../src/panes/fleet-monitor/fleet-monitor-frame.js';
import {
  fleetMonitorReducer,
  initFleetMonitorState,
} from '../../../src/panes/fleet-monitor/fleet-monitor-reducer.js';

describe('fleet monitor frame', () => {
  it('header, rows, the error of a host, the keys', () => {
    const s = fleetMonitorReducer(initFleetMonitorState(), {
      type: 'loaded',
      at: 0,
      data: {
        rows: [
          { host: 'edge-01', members: 5, hits: 120 },
          { host: 'edge-\u001b[31m02', error: 'no match-list bl' },
        ],
        distinct: 5,
        hits: 120,
      },
    });
    const lines = fleetMonitorFrame(s, { list: 'bl', width: 80, height: 10 });
    expect(lines[0]).toBe('match-list bl: 5 distinct members, 120 hits on 2 hosts');
    expect(lines[2]).toMatch(/^edge-01\s+5\s+120$/);
    expect(lines[3]).toMatch(/^edge-.*02\s+no match-list bl$/);
    expect(lines[3]).not.toContain('\u001b');
    expect(lines.at(-1)).toMatch(/q: back/);
  });
});
