// `monitor match-list LIST`: a live pane on a terminal; otherwise the parsed monitor output once,
// as the header line, the text not understood and a table of members.
import { argumentError } from '../../errors.js';
import { headerLine } from '../../term/monitor-header.js';
import { readMonitor } from './monitor-source.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { renderTable } from '../../term/table.js';
import type { Handler } from '../../contract/handler.js';

const cell = (v: number | undefined) => (v === undefined ? '' : String(v));

export const monitorMatchList: Handler<'monitor match-list'> = async ({ args }, env) => {
  const list = args[0];
  if (list === undefined || list === '')
    throw argumentError('monitor match-list: give the name of a match-list');
  if (env.services.interactive) return { kind: 'pane', spec: { pane: 'monitor', list } };
  const data = await readMonitor(env.services.router, list, env.signal);
  const head = headerLine(data.header);
  const lines = [head, ...data.other.map(sanitizeLine)].filter((l) => l !== '');
  const table = data.members.length
    ? renderTable(
        ['address', 'timeout', 'packets', 'bytes'],
        data.members.map((m) => [m.address, cell(m.timeout), cell(m.packets), cell(m.bytes)]),
      )
    : '(no members)\n';
  return { kind: 'text', text: `${lines.map((l) => `${l}\n`).join('')}${table}`, json: data };
};
