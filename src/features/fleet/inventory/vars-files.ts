// host_vars/ and group_vars/ beside the inventory (Ansible's host_group_vars plugin): for each
// host or group NAME, the first of NAME, NAME.yml, NAME.yaml, NAME.json; a folder of that name
// is read whole (its files sorted, folders walked, hidden names skipped). Each folder is listed
// once, so 100,000 hosts cost one readdir, not 400,000 stats.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readFailure, readFileBoundedSync } from '../../../config/read-bounded.js';
import { configError } from '../../../errors.js';
import type { Sourced } from './model.js';

const EXTS = ['', '.yml', '.yaml', '.json'];
const MAX_VARS_BYTES = 16 * 1024 * 1024;
const MAX_FILES = 10_000;

export type VarsMap = Map<string, Map<string, Sourced>>;

/**
 * The vars of each of `names` found in `dir/kind` (kind: host_vars or group_vars). The YAML reader
 * (the `yaml` package) loads only when there is such a folder.
 */
export async function readVarsDir(
  dir: string,
  kind: 'host_vars' | 'group_vars',
  names: Iterable<string>,
): Promise<VarsMap> {
  const out: VarsMap = new Map();
  const base = join(dir, kind);
  if (!existsSync(base)) return out;
  const { readVarsYaml } = await import('./vars-yaml.js');
  let entries: Set<string>;
  try {
    entries = new Set(readdirSync(base));
  } catch (e) {
    throw configError(`${base}: cannot read: ${readFailure(e)}`);
  }
  for (const name of names) {
    for (const ext of EXTS) {
      if (!entries.has(name + ext)) continue;
      const path = join(base, name + ext);
      const vars = new Map<string, Sourced>();
      for (const file of filesOf(path))
        for (const [k, v] of readVarsYaml(readFile(file), file)) vars.set(k, v);
      out.set(name, vars);
      break;
    }
  }
  return out;
}

function readFile(file: string): string {
  try {
    return readFileBoundedSync(file, MAX_VARS_BYTES);
  } catch (e) {
    throw configError(`${file}: cannot read: ${readFailure(e)}`);
  }
}

/** A file, or a folder's files with a vars extension (or none), sorted, depth first. */
function filesOf(path: string, found: string[] = []): string[] {
  if (!statSync(path).isDirectory()) {
    found.push(path);
    return found;
  }
  for (const name of readdirSync(path).sort()) {
    if (name.startsWith('.')) continue;
    const p = join(path, name);
    if (statSync(p).isDirectory()) filesOf(p, found);
    else if (EXTS.some((e) => (e ? name.endsWith(e) : !name.includes('.')))) found.push(p);
    if (found.length > MAX_FILES) throw configError(`${path}: more than ${MAX_FILES} vars files`);
  }
  return found;
}
