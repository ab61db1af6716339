// The resolved form of a line, which `ran` checks match: full words, the verb spelled out,
// options after the path (`sh int eth0` → `show interface eth0`; `no int eth1.100` →
// `no interface eth1.100`; `ping 10.0.0.254 c 2` → `ping 10.0.0.254 count 2`).
import type { RouterRequest } from '../../api/router/types.js';
import type { Resolution } from '../../lang/types.js';

function optionWords(
  options: Readonly<Record<string, ReadonlyArray<string | number>>> | undefined,
): string[] {
  return Object.entries(options ?? {}).flatMap(([k, vs]) => [k, ...vs.map(String)]);
}

function verb(r: RouterRequest): string[] {
  if (r.method === 'GET') return ['describe'];
  if (r.method === 'DELETE') return ['no'];
  if (r.actions?.includes('SHOW')) return ['show'];
  if (r.actions?.includes('UNSET')) return ['no'];
  return [];
}

/** The line as resolved, or undefined when it did not resolve (an error, an empty line). */
export function resolvedLine(res: Resolution): string | undefined {
  switch (res.kind) {
    case 'router':
      return [...verb(res.request), ...res.request.words, ...optionWords(res.request.options)].join(' ');
    case 'builtin':
      return [res.name, ...res.args, ...optionWords(res.options)].join(' ');
    default:
      return undefined;
  }
}
