// A feed as import, sync and each `sync --keep` round read it: the lines parsed (input.ts),
// every value checked against the router's InputRe (check.ts), duplicates dropped on the
// canonical form AFTER that check — so the entry kept for a set of spellings is the first
// VALID one, and a refused spelling can never shadow a good one (`010.000.000.001` before
// `10.0.0.1` must not leave the feed without 10.0.0.1) — and entries the policy refuses
// (policy.ts) held back: listed by the feed, so never removed, but not sent.
import { checkEntries } from './check.js';
import { type BadLine, type Entry, entryId, parseInput } from './input.js';
import { type Allow, refusal } from './policy.js';
import type { ListTarget, RouterPort } from './target.js';

export interface Feed {
  /** What to send: one entry per canonical form, its first valid spelling. */
  good: Entry[];
  /** Listed by the feed but refused by the policy (--allow-broad, --allow-own-address): not sent, not removed. */
  held: Entry[];
  /** Every refused line (shape, InputRe, policy, CSV syntax), by line. */
  invalid: BadLine[];
  /** Distinct entries read (good and held). */
  entries: number;
  /** Lines naming an entry an earlier valid line named. */
  duplicates: number;
  /** The CSV broke at this line: what came after it is unknown (see ParsedInput.broken). */
  broken?: BadLine;
}

export interface FeedOptions {
  csv?: string | undefined;
  allow: Allow;
  /** routersh's own address on its connection to the router, when known. */
  own: string | undefined;
}

/** The options of `args` for readFeed, with routersh's own address as the router client knows it. */
export const feedOptions = (
  args: { csv?: string; allowBroad: boolean; allowOwnAddress: boolean },
  router: RouterPort,
): FeedOptions => ({
  csv: args.csv,
  allow: { broad: args.allowBroad, ownAddress: args.allowOwnAddress },
  own: router.addresses?.local,
});

export async function readFeed(
  raw: string,
  target: Pick<ListTarget, 'key' | 'port' | 'protocol'>,
  o: FeedOptions,
): Promise<Feed> {
  const parsed = await parseInput(raw, { csv: o.csv });
  // The lines are split again only to quote a refused one (parseInput split them once already).
  let lines: string[] | undefined;
  const text = (n: number) => {
    lines ??= raw.split(/\r?\n/);
    return lines[n - 1] ?? '';
  };
  const checked = await checkEntries(parsed.entries, target, text);
  const seen = new Set<string>();
  const good: Entry[] = [];
  const held: Entry[] = [];
  const refused: BadLine[] = [];
  let duplicates = 0;
  for (const e of checked.good) {
    const id = entryId(e);
    if (seen.has(id)) {
      duplicates++;
      continue;
    }
    seen.add(id);
    const why = refusal(e.net, o.own, o.allow);
    if (why === undefined) good.push(e);
    else {
      held.push(e);
      refused.push({ line: e.line, text: text(e.line), reason: why });
    }
  }
  const invalid = [...parsed.bad, ...checked.bad, ...refused].sort((a, b) => a.line - b.line);
  return {
    good,
    held,
    invalid,
    entries: good.length + held.length,
    duplicates,
    ...(parsed.broken ? { broken: parsed.broken } : {}),
  };
}
