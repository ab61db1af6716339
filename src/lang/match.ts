// How one word resolves against a node (CLI.md "How words resolve"): exact Token, exact
// option, unique Token prefix, Value by InputRe, unique option prefix — in that order.
import type { NodeInfo, OptionInfo } from '../api/router/types.js';
import { matchesInputRe } from './regex.js';

export type Action = 'SET' | 'UNSET' | 'SHOW' | 'DESCRIBE';

export type WordMatch =
  | { kind: 'token'; node: NodeInfo; exact: boolean }
  | { kind: 'value'; node: NodeInfo }
  | { kind: 'option'; option: OptionInfo }
  | { kind: 'ambiguous'; names: string[] }
  | { kind: 'ambiguous-option'; names: string[] }
  | { kind: 'none'; valueNodes: NodeInfo[] };

export function optionAvailable(o: OptionInfo, action: Action): boolean {
  if (action === 'SET') return o.availableInSet;
  if (action === 'UNSET') return o.availableInUnSet;
  if (action === 'SHOW') return o.availableInShow;
  return false;
}

/** A Token is offered for an action when it or something under it supports the action. Nodes
 * that carry no flags at all are offered (a server that omits them is not punished). */
export function tokenUsable(n: NodeInfo, action: Action): boolean {
  if (action === 'DESCRIBE') return true;
  const any =
    n.allowSet || n.allowUnSet || n.allowShow || n.hasSetSubnodes || n.hasUnSetSubnodes || n.hasShowSubnodes;
  if (!any) return true;
  if (action === 'SET') return n.allowSet || n.hasSetSubnodes;
  if (action === 'UNSET') return n.allowUnSet || n.hasUnSetSubnodes;
  return n.allowShow || n.hasShowSubnodes;
}

export function matchOptionName(word: string, options: readonly OptionInfo[]): WordMatch {
  const exact = options.find((o) => o.name === word);
  if (exact) return { kind: 'option', option: exact };
  const pre = options.filter((o) => o.name.startsWith(word));
  if (pre.length === 1) return { kind: 'option', option: pre[0]! };
  if (pre.length > 1) return { kind: 'ambiguous-option', names: pre.map((o) => o.name) };
  return { kind: 'none', valueNodes: [] };
}

/** Matches a path word; `options` is empty where options cannot start (describe). */
export function matchWord(
  word: string,
  children: readonly NodeInfo[],
  options: readonly OptionInfo[],
): WordMatch {
  if (word === '') return { kind: 'none', valueNodes: [] };
  const tokens = children.filter((c) => c.type === 'Token');
  const exact = tokens.find((t) => t.name === word);
  if (exact) return { kind: 'token', node: exact, exact: true };
  const exactOpt = options.find((o) => o.name === word);
  if (exactOpt) return { kind: 'option', option: exactOpt };
  const pre = tokens.filter((t) => t.name.startsWith(word));
  if (pre.length === 1) return { kind: 'token', node: pre[0]!, exact: false };
  if (pre.length > 1) return { kind: 'ambiguous', names: pre.map((t) => t.name) };
  const values = children.filter((c) => c.type === 'Value');
  const value = values.find((v) => matchesInputRe(v.inputRe, word));
  if (value) return { kind: 'value', node: value };
  const optPre = options.filter((o) => o.name.startsWith(word));
  if (optPre.length === 1) return { kind: 'option', option: optPre[0]! };
  if (optPre.length > 1) return { kind: 'ambiguous-option', names: optPre.map((o) => o.name) };
  return { kind: 'none', valueNodes: values };
}

/** Options that may start on a node for an action (none for describe). */
export const optionsFor = (n: NodeInfo, action: Action): OptionInfo[] =>
  action === 'DESCRIBE' ? [] : n.possibleOptions;
