// Done-when of issue 11: a session that creates an interface, sets its MTU and description,
// deletes a route, adds one match-list entry and removes another; `compare` prints each change;
// `undo 6` leaves every node's metadata as it was before. Against the router simulator and a
// reference router served by a plain node:http server (test/hostile/reference-router.ts).
import type { RouterClient } from '../../../src/api/router/client.js';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSink } from '../../../src/features/changes/journal/file.js';
import { runPiped } from '../../../src/run/output-pipes.js';
import type { Outcome } from '../../../src/contract/outcome.js';
import type { Session } from '../../../src/session/session.js';
import { testSession } from '../../helpers/session.js';
import { startRouterSim } from '../../../sim/router/index.js';
import { simConfig } from '../../helpers/sim-config.js';
import { startReferenceRouter } from '../../hostile/reference-router.js';

const LINES = [
  'interface eth5',
  'interface eth5 mtu 9000',
  'interface eth5 description "test link"',
  'no ip route 0.0.0.0/0',
  'ipv4 firewall match-list blacklist action match net 192.0.2.1',
  'no ipv4 firewall match-list blacklist action match net 203.0.113.7',
];

/** The nodes the session touches, read whole (SetValues with their SetOptions, and sub-nodes'). */
const NODES = [
  ['interface'],
  ['interface', 'eth5'],
  ['interface', 'eth5', 'mtu'],
  ['interface', 'eth5', 'description'],
  ['ip', 'route'],
  ['ip', 'route', '0.0.0.0/0', 'via'],
  ['ipv4', 'firewall', 'match-list', 'blacklist', 'action', 'match'],
];

interface Target {
  url: string;
  close(): Promise<void>;
}

const targets: Record<string, () => Promise<Target>> = {
  simulator: async () => startRouterSim(),
  'reference router (node:http)': async () => startReferenceRouter(),
};

// A list's members in a stable order: a re-added entry goes to the end of the list.
function pairs(n: Record<string, unknown>) {
  const v = (n['SetValues'] as string[] | null) ?? [];
  const o = (n['SetOptions'] as unknown[]) ?? [];
  return v.map((x, i) => JSON.stringify([x, o[i] ?? null])).sort();
}

async function metadata(s: Session) {
  const out: Record<string, unknown> = {};
  for (const words of NODES) {
    const env = await (s.services.router as RouterClient).get(words);
    const raw = env.raw['NodeInfo'] as Record<string, unknown> & { SubNodes: Array<Record<string, unknown>> };
    out[words.join(' ')] = {
      self: pairs(raw),
      subs: raw.SubNodes.map((c) => [c['Name'], pairs(c)]),
    };
  }
  return out;
}

const text = (o: Outcome) => {
  if (o.kind === 'error') throw o.error;
  return o.kind === 'text' || o.kind === 'router' ? o.text : '';
};

describe.each(Object.keys(targets))('change journal and undo against the %s', (name) => {
  let target: Target;
  let session: Session;
  let dir: string;
  let file: string;
  const signal = new AbortController().signal;
  const run = async (line: string) =>
    (await runPiped(line, { context: [] }, session.services, signal)).outcome;

  beforeAll(async () => {
    target = await targets[name]!();
    dir = mkdtempSync(join(tmpdir(), 'routersh-journal-'));
    file = join(dir, 'journal', 'session.jsonl');
    session = await testSession(simConfig(target.url), {
      interactive: false,
      warn: () => {},
      width: () => 200,
      journal: fileSink(file),
      yes: true,
    });
  });
  afterAll(async () => {
    await session.close();
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('undo 6 restores every node; compare showed each change first', async () => {
    const before = await metadata(session);
    for (const line of LINES) text(await run(line));
    const changed = await metadata(session);
    expect(changed).not.toEqual(before);

    const cmp = text(await run('compare'));
    expect(cmp).toContain('+ interface eth5\n');
    // eth5 did not exist before the session: its MTU has no old line (issue 17).
    expect(cmp).toContain('+ interface eth5\n+ interface eth5 mtu 9000\n');
    expect(cmp).not.toContain('- interface eth5');
    expect(cmp).toContain('+ interface eth5 description "test link"\n');
    expect(cmp).toContain('- ip route 0.0.0.0/0 via 10.0.0.254\n');
    expect(cmp).toContain('+ ipv4 firewall match-list blacklist action match net 192.0.2.1\n');
    expect(cmp).toContain('- ipv4 firewall match-list blacklist action match net 203.0.113.7\n');
    expect(text(await run('show | compare'))).toBe(cmp);

    const undone = text(await run('undo 6'));
    expect(undone).toContain('timeout starts over');
    expect(await metadata(session)).toEqual(before);
    expect(text(await run('compare'))).toMatch(/no changes/);

    const listed = await run('changes');
    expect(listed.kind === 'text' && (listed.json as { changes: Array<{ status: string }> }).changes).toEqual(
      LINES.map(() => expect.objectContaining({ status: 'undone' })),
    );
    // The journal is on disk, 0600, and every change has its before, answer and after.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kinds = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { t: string }).t);
    expect(kinds.filter((k) => k === 'change')).toHaveLength(6);
    expect(kinds.filter((k) => k === 'after')).toHaveLength(6);
    expect(kinds.filter((k) => k === 'undone')).toHaveLength(6);
  });
});
