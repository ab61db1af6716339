// A vars file of host_vars/ or group_vars/ (YAML or JSON): its top-level keys with their lines.
// A vault-encrypted file or value is refused at its line; so is a secret variable.
import { isMap, isScalar, isSeq } from 'yaml';
import { configError } from '../../../errors.js';
import type { Sourced } from './model.js';
import { checkVar, vaultError } from './secrets.js';
import { parseYaml11 } from './yaml11.js';

const MAX_ALIASES = 1000;

export function readVarsYaml(text: string, file: string): Map<string, Sourced> {
  const out = new Map<string, Sourced>();
  if (text.trimStart().startsWith('$ANSIBLE_VAULT;'))
    throw configError(
      `${file}:1: a vault-encrypted file: routersh reads secrets only from files or the environment`,
    );
  const { doc, lines } = parseYaml11(text, file);
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return out;
  if (!isMap(root)) throw configError(`${file}:1: a vars file is a map of variables`);
  for (const p of root.items) {
    const at = `${file}:${p.key && (p.key as { range?: number[] }).range ? lines.linePos((p.key as { range: number[] }).range[0] as number).line : 1}`;
    const key = isScalar(p.key) ? String(p.key.value) : '';
    if (!key) throw configError(`${at}: a variable name must be a string`);
    if (hasVault(p.value, 0)) throw vaultError(key, at);
    let value: unknown = null;
    try {
      value =
        p.value === null
          ? null
          : (p.value as { toJS(d: unknown, o: unknown): unknown }).toJS(doc, { maxAliasCount: MAX_ALIASES });
    } catch (e) {
      throw configError(`${at}: ${(e as Error).message.split('\n')[0]}`);
    }
    checkVar(key, value, at);
    out.set(key, { value, at });
  }
  return out;
}

export function hasVault(node: unknown, depth: number): boolean {
  if (!node || depth > 100) return false;
  if ((node as { tag?: string }).tag === '!vault') return true;
  if (isMap(node)) return node.items.some((p) => hasVault(p.value, depth + 1));
  if (isSeq(node)) return node.items.some((i) => hasVault(i, depth + 1));
  return false;
}
