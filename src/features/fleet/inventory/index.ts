// The inventory for commands and sessions (issue 39): loadInventory finds it (-i, else
// ROUTERSH_INVENTORY, else the profile's `inventory` key), reads it (INI, YAML, an executable
// dynamic inventory, or `profiles:`), adds host_vars/ and group_vars/ beside it and resolves
// each host; selectHosts applies a --limit pattern. Every problem is one line, `FILE:LINE: why`.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, extname, resolve as resolvePath } from 'node:path';
import { configPath } from '../../../config/paths.js';
import { readFailure, readFileBoundedSync } from '../../../config/read-bounded.js';
import type { FleetHost, Inventory } from '../../../contract/fleet.js';
import { configError, isRoutershError, usageError } from '../../../errors.js';
import { loadRegexEngine } from '../../../lang/regex.js';
import { sanitizeLine } from '../../../term/sanitize.js';
import { runDynamic } from './dynamic.js';
import { readIni } from './ini.js';
import { readJsonInventory } from './json-inventory.js';
import { readPlainInventory } from './plain-inventory.js';
import { expandHostEntry } from './host-pattern.js';
import { InventoryBuilder, MAX_HOSTS, type Sourced } from './model.js';
import { needsRegexEngine, PatternIndex, splitPattern } from './pattern.js';
import { PROFILES_SOURCE, readProfileInventory } from './profile-inventory.js';
import { resolveInventory } from './resolve.js';
import { type InventorySpec, inventorySource } from './source.js';
import { readVarsDir } from './vars-files.js';

export { needsRegexEngine, PatternIndex, splitPattern } from './pattern.js';
export { type InventoryFlags, type InventorySpec, inventorySource } from './source.js';

const MAX_INVENTORY_BYTES = 64 * 1024 * 1024;
const YAML_EXTS = new Set(['.yml', '.yaml', '.json']);

export async function loadInventory(spec: InventorySpec): Promise<Inventory> {
  if (spec.flags.router !== undefined)
    throw usageError("--router cannot be used with an inventory: each host's router comes from it");
  const source = inventorySource(spec);
  if (source === undefined)
    throw usageError('no inventory: give -i FILE, set ROUTERSH_INVENTORY, or a profile key "inventory"');
  const b = new InventoryBuilder();
  let baseDir = process.cwd();
  const list = isHostList(source);
  if (source === PROFILES_SOURCE) readProfileInventory(configPath(spec.env), b);
  else if (list) readHostList(source, b);
  else {
    baseDir = dirname(resolvePath(source));
    await readSource(source, b, spec);
  }
  const groupFiles =
    source === PROFILES_SOURCE || list
      ? undefined
      : await readVarsDir(baseDir, 'group_vars', b.groups.keys());
  const hostFiles =
    source === PROFILES_SOURCE || list ? undefined : await readVarsDir(baseDir, 'host_vars', b.hosts.keys());
  const f = spec.flags;
  const flag = (v: string | undefined, name: string): Sourced | undefined =>
    v === undefined ? undefined : { value: v, at: `flag ${name}` };
  const envUser = spec.env.ROUTERSH_USER
    ? { value: spec.env.ROUTERSH_USER, at: 'env ROUTERSH_USER' }
    : undefined;
  const user = flag(f.user, '--user') ?? envUser;
  const passwordFile = flag(f.passwordFile, '--password-file');
  const tokenFile = flag(f.tokenFile, '--token-file');
  return resolveInventory(b, {
    source,
    baseDir,
    ...(groupFiles ? { groupFiles } : {}),
    ...(hostFiles ? { hostFiles } : {}),
    defaults: {
      ...(user ? { user } : {}),
      ...(passwordFile ? { passwordFile } : {}),
      ...(tokenFile ? { tokenFile } : {}),
    },
  });
}

async function readSource(file: string, b: InventoryBuilder, spec: InventorySpec): Promise<void> {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(file);
  } catch (e) {
    throw configError(`${file}: cannot read the inventory: ${readFailure(e)}`);
  }
  if (st.isDirectory()) throw configError(`${file}: a folder; give the inventory file in it`);
  let text: string;
  try {
    text = readFileBoundedSync(file, MAX_INVENTORY_BYTES);
  } catch (e) {
    throw configError(`${file}: cannot read the inventory: ${readFailure(e)}`);
  }
  if (st.isFile() && executable(file)) {
    const out = await runDynamic(resolvePath(file), {
      env: spec.env,
      ...(spec.signal ? { signal: spec.signal } : {}),
    });
    readJsonInventory(out, `${file} --list`, b);
    return;
  }
  if (text.startsWith('#!'))
    throw configError(`${file}:1: looks like a dynamic inventory but is not executable (chmod +x ${file})`);
  const ext = extname(file).toLowerCase();
  if (YAML_EXTS.has(ext)) return readYaml(text, file, b);
  if (ext !== '') return readIni(text, file, b);
  // No extension: YAML when it reads as a map of groups, else INI (Ansible tries yaml, then ini).
  const trial = new InventoryBuilder();
  try {
    await readYaml(text, file, trial);
  } catch (e) {
    if (!isRoutershError(e) || looksYaml(text)) throw e;
    return readIni(text, file, b);
  }
  await readYaml(text, file, b);
}

/**
 * A YAML inventory: the plainest text (what `sim --routers` writes) by plain-inventory.ts, else
 * by the `yaml` package's nodes, loaded only then (~265 kB: not loaded by every fleet command).
 */
async function readYaml(text: string, file: string, b: InventoryBuilder): Promise<void> {
  if (!readPlainInventory(text, file, b)) (await import('./yaml-inventory.js')).readYamlNodes(text, file, b);
}

/** The first meaningful line is `name:` at the left margin (a YAML group), not `[group]` or a host. */
const looksYaml = (text: string): boolean => {
  const line = text
    .split('\n')
    .find((l) => l.trim() !== '' && !l.trimStart().startsWith('#') && l.trim() !== '---');
  return line !== undefined && /^[^\s[][^=]*:\s*$/.test(line);
};

/** `-i 'edge-01,edge-02:8443,'`: a list of hosts, as Ansible's host_list (a comma, no such file). */
const isHostList = (source: string): boolean => source.includes(',') && !existsSync(source);

function readHostList(source: string, b: InventoryBuilder): void {
  for (const entry of source.split(',').map((e) => e.trim())) {
    if (!entry) continue;
    b.hostEntry(expandHostEntry(entry, '-i', MAX_HOSTS - b.hosts.size), 'ungrouped', '-i');
  }
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The hosts `pattern` selects (`--limit`), in inventory order as Ansible's `--limit` keeps them;
 * no pattern: every host. `@FILE` reads patterns from FILE, one a line. None matched: one line.
 */
export async function selectHosts(inv: Inventory, pattern?: string): Promise<FleetHost[]> {
  if (pattern !== undefined && needsRegexEngine(pattern)) await loadRegexEngine();
  const index = new PatternIndex(inv);
  const all = index.evaluate(['all']);
  if (pattern === undefined) return all;
  const parts: string[] = [];
  for (const p of splitPattern(pattern)) {
    if (p[0] !== '@') parts.push(p);
    else {
      let text: string;
      try {
        text = readFileBoundedSync(p.slice(1), 1 << 20);
      } catch (e) {
        throw usageError(`--limit ${p}: cannot read ${p.slice(1)}: ${readFailure(e)}`);
      }
      for (const line of text.split('\n')) if (line.trim()) parts.push(line.trim());
    }
  }
  const chosen = new Set(index.evaluate(parts));
  const out = all.filter((h) => chosen.has(h));
  if (out.length === 0)
    throw usageError(`no host of the inventory matches --limit '${sanitizeLine(pattern)}'`);
  return out;
}
