// ansible-core's own answers for an inventory, to compare routersh's reading with: the
// `ansible-inventory --list` document (groups, hosts, merged hostvars) and the hosts of a
// pattern (`ansible -i FILE PATTERN --list-hosts`). A missing Ansible fails loudly.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Inventory } from '../../src/contract/fleet.js';

const APT =
  'ansible-core is not installed: apt-get install ansible-core (Debian/Ubuntu package ansible-core)';

function run(cmd: string, args: string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ANSIBLE_NOCOLOR: '1',
        ANSIBLE_LOCALHOST_WARNING: '0',
        ANSIBLE_INVENTORY_UNPARSED_WARNING: '0',
      },
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(APT);
    throw e;
  }
}

export interface AnsibleList {
  _meta: { hostvars: Record<string, Record<string, unknown>> };
  [group: string]: { hosts?: string[]; children?: string[] } | AnsibleList['_meta'];
}

export const ansibleList = (file: string, cwd: string): AnsibleList =>
  JSON.parse(run('ansible-inventory', ['-i', file, '--list'], cwd)) as AnsibleList;

/** Host names `ansible -i FILE all --limit PATTERN --list-hosts` prints, in its order. */
export function ansibleHosts(file: string, pattern: string, cwd: string, limit = false): string[] {
  let out: string;
  try {
    out = run(
      'ansible',
      ['-i', file, ...(limit ? ['all', '--limit', pattern] : [pattern]), '--list-hosts'],
      cwd,
    );
  } catch (e) {
    const err = e as { status?: number; stdout?: string; message: string };
    if (err.stdout?.includes('hosts (0)')) return [];
    throw e;
  }
  return out
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** Our inventory in ansible-inventory --list's shape (groups with hosts or children only). */
export function asAnsibleList(inv: Inventory): AnsibleList {
  const out: AnsibleList = { _meta: { hostvars: {} } };
  for (const h of inv.hosts) if (Object.keys(h.vars).length) out._meta.hostvars[h.name] = { ...h.vars };
  for (const g of inv.groups) {
    const hosts = g.name === 'all' ? [] : g.hosts;
    const entry = {
      ...(hosts.length ? { hosts: [...hosts] } : {}),
      ...(g.children.length ? { children: [...g.children] } : {}),
    };
    if (Object.keys(entry).length) out[g.name] = entry;
  }
  return out;
}

/** ansible-core's Python (the interpreter its `ansible` script starts with). */
function ansiblePython(): string {
  let script: string;
  try {
    script = execFileSync('sh', ['-c', 'command -v ansible'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(APT);
  }
  const first = readFileSync(script, 'utf8').split('\n')[0] ?? '';
  const m = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(first);
  if (!m) throw new Error(`${script}: no #! line`);
  return m[1]?.endsWith('/env') ? (m[2] as string) : (m[1] as string);
}

export interface OracleAnswer {
  error?: string;
  list: AnsibleList;
  /** `ansible -i FILE P --list-hosts`: names, or the error ansible gave. */
  hosts: Record<string, string[] | { error: string }>;
  /** `ansible -i FILE all --limit P --list-hosts`. */
  limit: Record<string, string[] | { error: string }>;
}

/**
 * Many files' and patterns' answers from ansible-core in one Python process
 * (test/helpers/ansible-oracle.py calls the InventoryManager and VariableManager the CLIs call).
 */
export function ansibleOracle(
  questions: { file: string; patterns?: string[] }[],
  cwd: string,
): OracleAnswer[] {
  const out = execFileSync(
    ansiblePython(),
    [fileURLToPath(new URL('./ansible-oracle.py', import.meta.url))],
    {
      cwd,
      input: JSON.stringify(questions),
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, ANSIBLE_NOCOLOR: '1', ANSIBLE_LOCALHOST_WARNING: '0' },
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  return JSON.parse(out) as OracleAnswer[];
}
