// `routersh inventory [-i FILE] [--limit PATTERN] [--json] [connection]`: the hosts of an
// inventory as routersh resolves them (features/fleet/inventory/), and where each value came
// from. Names and values reach the terminal through the sanitizer, names shell-quoted when they
// hold shell syntax. No router is contacted.
import { parseArgs } from 'node:util';
import { splitConnectionArgs } from '../cli/args.js';
import { INVENTORY_OPTIONS } from '../cli/command-options.js';
import type { Flags } from '../config/flags.js';
import type { FleetHost, Inventory } from '../contract/fleet.js';
import { OK, usageError } from '../errors.js';
import { loadInventory, selectHosts } from '../features/fleet/inventory/index.js';
import { jsonText, sanitizeLine } from '../term/sanitize.js';
import { shellWord } from '../term/shell-quote.js';
import type { Command } from './command.js';

interface Args {
  flags: Flags;
}

export const command: Command<Args> = {
  parse(argv) {
    const { connection, rest } = splitConnectionArgs(argv);
    let values: { inventory?: string; limit?: string; json?: boolean };
    try {
      ({ values } = parseArgs({
        args: rest,
        options: INVENTORY_OPTIONS,
        strict: true,
        allowPositionals: false,
      }));
    } catch (e) {
      throw usageError(`${(e as Error).message.split('\n')[0]} (routersh inventory --help)`);
    }
    const fleet = {
      ...connection.fleet,
      ...(values.inventory !== undefined ? { inventory: values.inventory } : {}),
      ...(values.limit !== undefined ? { limit: values.limit } : {}),
    };
    return { flags: { ...connection, json: connection.json || values.json === true, fleet } };
  },
  async run({ flags }, io) {
    const ac = new AbortController();
    const stop = io.onInterrupt(() => ac.abort());
    try {
      const inv = await loadInventory({ env: io.env, flags, signal: ac.signal });
      const hosts = await selectHosts(inv, flags.fleet?.limit);
      io.out(flags.json ? `${jsonText(document(inv, hosts))}\n` : text(inv, hosts));
      return OK;
    } finally {
      stop();
    }
  },
};

/** The --json document: stable keys, hosts in inventory order. */
function document(inv: Inventory, hosts: readonly FleetHost[]) {
  return {
    source: inv.source,
    hosts: hosts.map((h) => ({
      name: h.name,
      router: h.router,
      user: h.user ?? null,
      passwordFile: h.passwordFile ?? null,
      tokenFile: h.tokenFile ?? null,
      telemetryUrl: h.telemetryUrl ?? null,
      groups: h.groups,
      vars: h.vars,
      origin: h.origin,
    })),
    groups: inv.groups,
  };
}

const name = (s: string) => shellWord(sanitizeLine(s));
const show = (v: unknown) => sanitizeLine(typeof v === 'string' ? v : JSON.stringify(v));

function text(inv: Inventory, hosts: readonly FleetHost[]): string {
  const out: string[] = [`${sanitizeLine(inv.source)}: ${hosts.length} of ${inv.hosts.length} hosts`];
  for (const h of hosts) {
    const from = (field: string) => (h.origin[field] ? `  (${sanitizeLine(h.origin[field])})` : '');
    out.push('', `${name(h.name)}  ${sanitizeLine(h.router)}${from('router')}`);
    if (h.user !== undefined) out.push(`  user           ${sanitizeLine(h.user)}${from('user')}`);
    if (h.passwordFile !== undefined)
      out.push(`  password file  ${sanitizeLine(h.passwordFile)}${from('passwordFile')}`);
    if (h.tokenFile !== undefined)
      out.push(`  token file     ${sanitizeLine(h.tokenFile)}${from('tokenFile')}`);
    if (h.telemetryUrl !== undefined)
      out.push(`  telemetry      ${sanitizeLine(h.telemetryUrl)}${from('telemetryUrl')}`);
    out.push(`  groups         ${h.groups.map(name).join(' ')}`);
    for (const [k, v] of Object.entries(h.vars))
      out.push(`  ${sanitizeLine(k)}=${show(v)}${h.origin[k] ? `  (${sanitizeLine(h.origin[k])})` : ''}`);
  }
  return `${out.join('\n')}\n`;
}
