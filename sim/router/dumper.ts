// Perl Data::Dumper-like text (Indent=1 style) for `output=dumper`.

function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function dump(v: unknown, pad: string): string {
  if (v === null || v === undefined) return 'undef';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'boolean') return v ? '1' : "''";
  const inner = `${pad}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + dump(x, inner)).join(',\n')}\n${pad}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${quote(k)} => ${dump(x, inner)}`).join(',\n')}\n${pad}}`;
}

export function dumper(v: unknown): string {
  return `$VAR1 = ${dump(v, '')};`;
}
