// A value with its Grafana unit (fieldConfig.defaults.unit, a graph's yaxes format), written as
// Grafana writes it: `bytes` in KiB/MiB, `Bps` as kB/s, `percentunit` ×100 %, `bool` True/False,
// `s` scaled to ms/min/hour. A unit id Grafana does not know is its custom suffix (`req/s`), as
// in Grafana; `suffix:`, `prefix:`, `si:` and `count:` are its custom-unit forms.
import { formatDuration } from './format-time.js';
import { formatValue } from './format-number.js';
import { formatSI } from './format-si.js';

const SI = ['p', 'n', 'µ', 'm', '', 'k', 'M', 'G', 'T', 'P', 'E'];
const SI_ZERO = 4;
const IEC = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** Three significant digits, trailing zeros dropped: 1.50 → 1.5, 1234 → 1230 (as toPrecision). */
const sig3 = (v: number) => String(Number(v.toPrecision(3)));

/** `v` scaled by powers of 1000 (below 1 too when `small`), the prefix before `unit`. */
function si(v: number, unit: string, small = false): string {
  if (v === 0) return `0 ${unit}`.trimEnd();
  let i = SI_ZERO;
  let m = Math.abs(v);
  while (m >= 1000 && i < SI.length - 1) {
    m /= 1000;
    i++;
  }
  while (small && m < 1 && i > 0) {
    m *= 1000;
    i--;
  }
  // Rounding can carry into the next prefix: 999.96 k → 1 M.
  if (Number(m.toPrecision(3)) >= 1000 && i < SI.length - 1) {
    m /= 1000;
    i++;
  }
  return `${v < 0 ? '-' : ''}${sig3(m)} ${SI[i]}${unit}`.trimEnd();
}

/** `v` scaled by powers of 1024 (KiB, MiB…). */
function iec(v: number, unit: string): string {
  let i = 0;
  let m = Math.abs(v);
  while (m >= 1024 && i < IEC.length - 1) {
    m /= 1024;
    i++;
  }
  return `${v < 0 ? '-' : ''}${sig3(m)} ${IEC[i]}${unit}`;
}

const TIME_UNITS: ReadonlyArray<readonly [number, string]> = [
  [31_536_000, 'year'],
  [604_800, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'min'],
  [1, 's'],
  [1e-3, 'ms'],
  [1e-6, 'µs'],
  [1e-9, 'ns'],
];

/** Seconds in the largest unit that keeps the number ≥ 1 (Grafana's toSeconds and its kin). */
function seconds(v: number): string {
  const abs = Math.abs(v);
  if (abs === 0) return '0 s';
  const [size, name] = TIME_UNITS.find(([size]) => abs >= size) ?? [1e-9, 'ns'];
  return `${sig3(v / size)} ${name}`;
}

const bool = (yes: string, no: string) => (v: number) => (v !== 0 ? yes : no);
const plain = (v: number) => formatValue(v);
const suffix = (unit: string) => (v: number) => `${plain(v)} ${unit}`;

const p2 = (n: number) => String(n).padStart(2, '0');
function dateTime(ms: number, utc: boolean): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return plain(ms);
  const [y, mo, da, h, mi, s] = utc
    ? [
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ]
    : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  return `${y}-${p2(mo)}-${p2(da)} ${p2(h)}:${p2(mi)}:${p2(s)}`;
}

type Formatter = (v: number, o: { utc: boolean }) => string;

/** Grafana's unit ids (public/app/… valueFormats categories) that dashboards use. */
const UNITS: Record<string, Formatter> = {
  none: plain,
  short: (v) => formatSI(v),
  percent: (v) => `${plain(Number(v.toPrecision(4)))}%`,
  percentunit: (v) => `${plain(Number((v * 100).toPrecision(4)))}%`,
  // Data
  bytes: (v) => iec(v, 'B'),
  bits: (v) => iec(v, 'b'),
  decbytes: (v) => si(v, 'B'),
  decbits: (v) => si(v, 'b'),
  kbytes: (v) => iec(v * 1024, 'B'),
  mbytes: (v) => iec(v * 1024 ** 2, 'B'),
  gbytes: (v) => iec(v * 1024 ** 3, 'B'),
  // Data rate
  bps: (v) => si(v, 'b/s'),
  Bps: (v) => si(v, 'B/s'),
  binbps: (v) => iec(v, 'b/s'),
  binBps: (v) => iec(v, 'B/s'),
  KBs: (v) => si(v * 1000, 'B/s'),
  Kbits: (v) => si(v * 1000, 'b/s'),
  MBs: (v) => si(v * 1e6, 'B/s'),
  Mbits: (v) => si(v * 1e6, 'b/s'),
  // Throughput
  pps: (v) => si(v, 'p/s'),
  ops: (v) => si(v, 'ops/s'),
  reqps: (v) => si(v, 'req/s'),
  rps: (v) => si(v, 'rd/s'),
  wps: (v) => si(v, 'wr/s'),
  iops: (v) => si(v, 'io/s'),
  eps: (v) => si(v, 'evt/s'),
  mps: (v) => si(v, 'msg/s'),
  cps: (v) => si(v, 'c/s'),
  opm: (v) => si(v, 'ops/min'),
  // Time
  ns: (v) => seconds(v / 1e9),
  µs: (v) => seconds(v / 1e6),
  ms: (v) => seconds(v / 1000),
  s: (v) => seconds(v),
  m: (v) => seconds(v * 60),
  h: (v) => seconds(v * 3600),
  d: (v) => seconds(v * 86_400),
  dtdurationms: (v) => formatDuration(v),
  dtdurations: (v) => formatDuration(v * 1000),
  dateTimeAsSystem: (v, o) => dateTime(v, o.utc),
  dateTimeAsIso: (v, o) => dateTime(v, o.utc),
  dateTimeAsLocal: (v, o) => dateTime(v, o.utc),
  // Frequency, temperature, angle
  hertz: (v) => si(v, 'Hz'),
  rotrpm: (v) => si(v, 'rpm'),
  celsius: suffix('°C'),
  fahrenheit: suffix('°F'),
  kelvin: suffix('K'),
  // Boolean
  bool: bool('True', 'False'),
  bool_yes_no: bool('Yes', 'No'),
  bool_on_off: bool('On', 'Off'),
};

/** Whether Grafana has a formatter for `unit` (an unknown id is written after the value). */
export const isKnownUnit = (unit: string): boolean =>
  Object.hasOwn(UNITS, unit) || /^(suffix|prefix|si|count):/.test(unit);

/** `value` as Grafana writes it in `unit`; no unit: SI-prefixed (`short`, the default). */
export function formatUnit(value: number, unit?: string, o: { utc?: boolean | undefined } = {}): string {
  if (!Number.isFinite(value)) return plain(value);
  const u = unit ?? 'short';
  const f = Object.hasOwn(UNITS, u) ? UNITS[u] : undefined;
  if (f) return f(value, { utc: o.utc === true });
  const custom = /^(suffix|prefix|si|count):(.*)$/s.exec(u);
  if (custom) {
    const [, kind, text = ''] = custom;
    if (kind === 'prefix') return `${text}${plain(value)}`;
    if (kind === 'si') return si(value, text, true);
    if (kind === 'count') return `${formatSI(value)} ${text}`;
    return `${plain(value)} ${text}`;
  }
  // Grafana: an id it does not know is a custom suffix (`req/s`).
  return `${formatSI(value)} ${u}`;
}
