// The fleet monitor pane's source (the fleet shell's `monitor match-list LIST`): every host's
// monitor of the list read at once, each host a row (its members, its hits summed), and the
// members counted once across hosts. A host that fails is a row with its error; the others go
// on. Pure aggregation over each host's MonitorSource (features/match-list makes them).
import type { FleetMonitorRow, FleetMonitorSource } from '../../../contract/panes.js';
import type { MonitorSource } from '../../../contract/monitor.js';

export function fleetMonitorSource(
  hosts: readonly { name: string; source: MonitorSource }[],
): FleetMonitorSource {
  return {
    async read(signal) {
      const all = new Set<string>();
      let hits = 0;
      const rows = await Promise.all(
        hosts.map(async (h): Promise<FleetMonitorRow> => {
          try {
            const d = await h.source.read(signal);
            let sum = 0;
            for (const m of d.members) {
              all.add(m.address);
              sum += m.packets ?? 0;
            }
            hits += sum;
            return { host: h.name, members: d.members.length, hits: sum };
          } catch (e) {
            if (signal.aborted) throw e;
            return { host: h.name, error: e instanceof Error ? e.message : String(e) };
          }
        }),
      );
      return { rows, distinct: all.size, hits };
    },
  };
}
