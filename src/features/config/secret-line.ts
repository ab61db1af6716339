// A saved line whose secret value is `***` where the router's InputRe refuses `***` (`snmp
// community *** authorization rw`: a community name is `[A-Za-z0-9_-]+`): the resolver stops at
// the `***`, so the line is read here from the metadata it walked — the secret slot's Value node
// under the words before it, and the options after it by that node's PossibleOptions. It is a
// secret line (never sent, never deleted); anything the node does not name fails it as before.
import type { ConfigLine } from '../../contract/config.js';
import { REDACTED } from '../../lang/secrets.js';
import { isSecretValueSlot } from '../../lang/secret-slots.js';
import { slotLines } from '../../lang/slot-settings.js';
import { scanLine } from '../../lang/tokenize.js';
import type { AsyncCache, ResolvedWord } from '../../lang/types.js';
import { isFlag } from '../../lang/walk.js';

export function redactedSecretLine(
  words: readonly ResolvedWord[],
  at: number,
  text: string,
  cache: Pick<AsyncCache, 'peek'>,
): ConfigLine | undefined {
  const tokens = scanLine(text).tokens;
  if (tokens[at]?.text !== REDACTED) return undefined;
  const path: string[] = [];
  for (const w of words.slice(0, at)) {
    if (w.role === 'token') path.push(w.node!.name);
    else if (w.role === 'value') path.push(w.token.text);
    else return undefined;
  }
  const slot = cache.peek(path)?.subNodes.find((c) => c.type === 'Value');
  if (!slot || !isSecretValueSlot(path, slot)) return undefined;
  const options: Record<string, string[]> = {};
  for (let i = at + 1; i < tokens.length; i++) {
    const o = slot.possibleOptions.find((x) => x.name === tokens[i]!.text && x.availableInSet);
    if (!o) return undefined;
    const values = options[o.name] ?? [];
    options[o.name] = values;
    if (isFlag(o)) continue;
    const v = tokens[++i];
    if (v === undefined) return undefined;
    values.push(v.text);
  }
  const one = { ...slot, setValues: [REDACTED], setOptions: [options] };
  const line = slotLines(one, path, undefined, false)[0];
  return line ? { ...line, secret: true } : undefined;
}
