// The path of a line the metadata cannot describe yet: it is under a node that an earlier line of
// the same file or candidate creates, and a router describes a node only once it exists. The
// words the resolver matched, then the rest as typed, each a path word (a `config load` file's
// line and a candidate's staged line alike); the router judges it when it is sent, and the
// transaction that sends it reverts the whole when the router refuses it.
import type { RouterRequest } from '../../api/router/types.js';
import type { Setting } from '../../contract/journal.js';
import type { ResolvedWord } from '../../lang/types.js';
import { scanLine } from '../../lang/tokenize.js';

/** The slot separator of ConfigLines (file-lines.ts, line-key.ts). */
const SEP = '\u001f';

const isPath = (w: ResolvedWord) => w.role === 'token' || w.role === 'value';

/** The matched path words (tokens by their node's name), then the typed words after them. */
export function uncheckedPath(words: readonly ResolvedWord[], text: string): string[] {
  const path: string[] = [];
  let k = 0;
  for (const w of words) {
    if (isPath(w)) path.push(w.role === 'token' ? w.node!.name : w.token.text);
    else if (w.role !== 'verb') break;
    k++;
  }
  for (const t of scanLine(text).tokens.slice(k)) path.push(t.text);
  return path;
}

/**
 * The request of such a line typed in `context`: `no …`/`delete …` a DELETE, `show`/`describe`
 * nothing (a read is not staged), else a SET. Undefined when it names no path.
 */
export function uncheckedRequest(
  words: readonly ResolvedWord[],
  text: string,
  context: readonly string[],
): RouterRequest | undefined {
  const verb = words[0]?.role === 'verb' ? words[0].token.text : undefined;
  if (verb === 'show' || verb === 'describe') return undefined;
  const path = [...context, ...uncheckedPath(words, text)];
  if (path.length === 0) return undefined;
  return verb === 'no' || verb === 'delete'
    ? { method: 'DELETE', words: path }
    : { method: 'POST', words: path, actions: ['SET'] };
}

/** What such a line sets, as a setting of its own slot (the metadata cannot say more). */
export function uncheckedSetting(path: readonly string[]): Setting {
  const slot = path.join(SEP);
  return {
    path: [...path],
    options: {},
    id: `${slot}${SEP}`,
    slot,
    multi: true,
    settable: true,
    unsettable: true,
    setOptions: [],
  };
}
