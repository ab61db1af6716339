// Which query language a Grafana panel or target speaks, from its data source reference: a
// {type, uid} object, a `${DS_…}` input of the export (`__inputs`), a `$datasource` variable, a
// plain name, or nothing (the default data source).
import { isObject, type Json, objects, str } from './grafana-json.js';

export type Lang =
  | { kind: 'promql' }
  | { kind: 'logsql' }
  | { kind: 'other'; what: string }
  | { kind: 'mixed' };

const PROM_TYPES = new Set([
  'prometheus',
  'victoriametrics-metrics-datasource',
  'victoriametrics-datasource',
]);
const LOGS_TYPES = new Set(['victoriametrics-logs-datasource']);

function ofType(type: string): Lang {
  if (PROM_TYPES.has(type)) return { kind: 'promql' };
  if (LOGS_TYPES.has(type)) return { kind: 'logsql' };
  if (type === 'datasource') return { kind: 'mixed' };
  if (type === '__expr__') return { kind: 'other', what: "Grafana's expressions (math over other targets)" };
  return { kind: 'other', what: `a ${type} data source` };
}

/** Resolves references for one dashboard. */
export class DataSources {
  private readonly inputs = new Map<string, string>();
  constructor(
    d: Json,
    private readonly variables: Map<string, string>,
  ) {
    for (const i of objects(d.__inputs)) {
      const name = str(i.name);
      const plugin = str(i.pluginId);
      if (name && plugin) this.inputs.set(name, plugin);
    }
  }

  /** A reference's language; `undefined`: none given (the default data source). */
  resolve(ref: unknown): Lang | undefined {
    if (ref === undefined || ref === null || ref === '') return undefined;
    if (isObject(ref)) {
      const type = str(ref.type);
      if (type) return ofType(type);
      return this.resolve(str(ref.uid));
    }
    if (typeof ref !== 'string') return { kind: 'other', what: 'an unreadable data source' };
    if (ref === '-- Mixed --') return { kind: 'mixed' };
    if (ref === '-- Grafana --' || ref === 'grafana')
      return { kind: 'other', what: "Grafana's built-in data source" };
    if (ref === '-- Dashboard --') return { kind: 'other', what: 'another panel of the dashboard' };
    const v = /^\$\{?(\w+)\}?$/.exec(ref);
    if (v) {
      const name = v[1] ?? '';
      const input = this.inputs.get(name);
      if (input) return ofType(input);
      const variable = this.variables.get(name);
      if (variable !== undefined) return variable ? ofType(variable) : { kind: 'promql' };
      // `${DS_PROMETHEUS}` with no `__inputs`: the name says what it is.
      return byName(name);
    }
    return byName(ref);
  }
}

/** A data source named, not typed: its name is all there is. */
function byName(name: string): Lang {
  if (/loki/i.test(name)) return { kind: 'other', what: `data source ${name} (Loki)` };
  if (/victoria.?logs|vlogs/i.test(name)) return { kind: 'logsql' };
  if (/prom|victoria|vm|thanos|mimir|cortex/i.test(name)) return { kind: 'promql' };
  return { kind: 'other', what: `data source ${name} (not known to be Prometheus)` };
}
