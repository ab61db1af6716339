// Grafana's units as the dashboard writes values: every unit the public dashboards of
// test/corpus/grafana use (collected from the files: fieldConfig defaults and overrides, graph
// y axes, singlestat formats) is one Grafana knows and routersh formats, and each reads as Grafana
// writes it (bool as True/False, not `1 bool`).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatUnit, isKnownUnit } from '../../src/term/format-unit.js';

const DIR = new URL('../corpus/grafana/', import.meta.url);
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every unit a dashboard names, with the file it is in. */
function corpusUnits(): Map<string, string> {
  const out = new Map<string, string>();
  const add = (u: unknown, f: string) => {
    if (typeof u === 'string' && u !== '') out.set(u, f);
  };
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.json'))) {
    const d = obj(JSON.parse(readFileSync(new URL(f, DIR), 'utf8')));
    const stack = [...arr(d.panels), ...arr(d.rows).flatMap((r) => arr(obj(r).panels))];
    while (stack.length) {
      const p = obj(stack.pop());
      stack.push(...arr(p.panels));
      const fc = obj(p.fieldConfig);
      add(obj(fc.defaults).unit, f);
      for (const o of arr(fc.overrides))
        for (const prop of arr(obj(o).properties)) if (obj(prop).id === 'unit') add(obj(prop).value, f);
      for (const y of arr(p.yaxes)) add(obj(y).format, f);
      add(p.format, f);
    }
  }
  return out;
}

/** Ids Grafana itself does not know, which it writes after the value (its custom-suffix rule). */
const CUSTOM_SUFFIXES = new Set(['req/s', 'rds']);

describe('units', () => {
  it('every unit of the corpus is known (or a suffix Grafana would write as is)', () => {
    const units = corpusUnits();
    // Formats that are not units: a singlestat's `time_series`/`table` answer format.
    for (const f of ['time_series', 'table', 'heatmap']) units.delete(f);
    expect(units.size).toBeGreaterThan(20);
    const unknown = [...units].filter(([u]) => !isKnownUnit(u) && !CUSTOM_SUFFIXES.has(u));
    expect(unknown).toEqual([]);
    for (const u of units.keys()) expect(formatUnit(1234.5, u), u).toMatch(/\d|True|Yes|On/);
  });

  it('as Grafana writes them', () => {
    const cases: Array<[number, string, string]> = [
      [1, 'bool', 'True'],
      [0, 'bool', 'False'],
      [1, 'bool_yes_no', 'Yes'],
      [0, 'bool_on_off', 'Off'],
      [0.253, 'percentunit', '25.3%'],
      [99.5, 'percent', '99.5%'],
      [1536, 'bytes', '1.5 KiB'],
      [1_500_000, 'decbytes', '1.5 MB'],
      [1500, 'Bps', '1.5 kB/s'],
      [2_097_152, 'binBps', '2 MiB/s'],
      [5e6, 'bps', '5 Mb/s'],
      [4200, 'pps', '4.2 kp/s'],
      [0.0042, 's', '4.2 ms'],
      [90, 's', '1.5 min'],
      [12, 'ms', '12 ms'],
      [1234567, 'short', '1.23M'],
      [12345, 'none', '12345'],
      [3, 'req/s', '3 req/s'],
      [2, 'suffix: pkts', '2  pkts'],
      [1.5e9, 'hertz', '1.5 GHz'],
      [90_061_000, 'dtdurationms', '1d1h'],
    ];
    for (const [v, u, text] of cases) expect(formatUnit(v, u), `${v} ${u}`).toBe(text);
    expect(formatUnit(1.5)).toBe('1.5');
    expect(formatUnit(Number.NaN, 'bytes')).toBe('NaN');
  });
});
