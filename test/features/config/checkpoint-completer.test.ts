// Tab after `rollback` and `compare` (the shell's completer, features/config/checkpoint-completer.ts,
// through the completion engine): `checkpoint` (compare: also --profile, --router), then this
// router's checkpoint names from the state directory, newest first; another router's never.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ConfigDoc } from '../../../src/contract/config.js';
import { checkpointCompleter } from '../../../src/features/config/checkpoint-completer.js';
import { keepAutoCheckpoint, saveCheckpoint } from '../../../src/features/config/checkpoint-store.js';
import { complete, MetadataCache } from '../../../src/lang/index.js';
import { routerTree, treeFetch } from '../../lang/fixtures.js';

const ROUTER = 'http://127.0.0.1:8080';
const doc = (router: string, time: string): ConfigDoc => ({
  router,
  user: 'admin',
  time,
  version: '1',
  members: false,
  under: [],
  lines: [],
});

it('completes checkpoint, then this router’s names, newest first', async () => {
  const state = join(mkdtempSync(join(tmpdir(), 'routersh-ckcomp-')), 'routersh');
  saveCheckpoint('base', doc(ROUTER, '2026-12-01T00:00:00.000Z'), { stateDir: state });
  saveCheckpoint('before-upgrade', doc(ROUTER, '2026-12-02T00:00:00.000Z'), { stateDir: state });
  saveCheckpoint('elsewhere', doc('http://10.0.0.9', '2026-12-03T00:00:00.000Z'), { stateDir: state });
  keepAutoCheckpoint({
    router: ROUTER,
    user: 'admin',
    lines: [],
    why: 'commit',
    now: Date.parse('2026-12-03T00:00:00Z'),
    stateDir: state,
  });
  const cache = new MetadataCache(treeFetch(routerTree()));
  const valueCompleter = checkpointCompleter({ router: ROUTER, stateDir: state });
  const tab = async (line: string) =>
    (
      await complete(line, line.length, { cache, context: [], valueCompleter }, new AbortController().signal)
    ).candidates
      .filter((c) => c.insertable)
      .map((c) => c.text);
  expect(await tab('rollback ')).toEqual(['checkpoint']);
  expect(await tab('compare ')).toEqual(['checkpoint', '--profile', '--router']);
  expect(await tab('rollback checkpoint ')).toEqual(['auto-20261203-000000.000', 'before-upgrade', 'base']);
  expect(await tab('compare checkpoint b')).toEqual(['before-upgrade', 'base']);
  expect(await tab('compare --profile ')).toEqual([]);
});
