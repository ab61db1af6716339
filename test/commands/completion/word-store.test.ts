// The kept router words' file: one refresh at a time (a lock that a dead refresh does not hold
// for ever), the newest paths kept, nothing kept under a folder others may write to.
import { mkdtempSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../../src/api/router/types.js';
import { pathKey } from '../../../src/lang/cache.js';
import {
  claimRefresh,
  loadSnapshot,
  MAX_PATHS,
  releaseRefresh,
  type Snapshot,
  saveSnapshot,
  storeFile,
} from '../../../src/commands/completion/word-store.js';

const node = (name: string): NodeInfo => ({
  name,
  type: 'Token',
  allowSet: true,
  allowUnSet: true,
  allowShow: true,
  hasSetSubnodes: false,
  hasUnSetSubnodes: false,
  hasShowSubnodes: false,
  hasSubnodes: false,
  setValues: [],
  setOptions: [],
  possibleValues: [],
  possibleOptions: [],
  multiValue: false,
  subNodes: [],
  raw: { anything: 'unknown fields are never kept' },
  showOutput: 'nor show output',
});

const fileIn = () => {
  const env = { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'routersh-words-')) };
  return storeFile('http://127.0.0.1:1/', 'admin', env)!;
};

describe('the kept words’ file', () => {
  it('is named by router and user, under XDG_CACHE_HOME/routersh/complete', () => {
    const env = { XDG_CACHE_HOME: '/c' };
    const a = storeFile('http://r/', 'admin', env)!;
    expect(a).toMatch(/^\/c\/routersh\/complete\/[0-9a-f]{32}\.json$/);
    expect(storeFile('http://r/', 'other', env)).not.toBe(a);
    expect(storeFile('http://s/', 'admin', env)).not.toBe(a);
  });

  it('keeps the newest MAX_PATHS paths, and of each node only its shape', () => {
    const file = fileIn();
    const nodes: Snapshot['nodes'] = new Map();
    for (let i = 0; i < MAX_PATHS + 10; i++)
      nodes.set(pathKey([`w${i}`]), { words: [`w${i}`], node: node(`w${i}`) });
    saveSnapshot(file, nodes);
    const back = loadSnapshot(file)!;
    expect(back.nodes.size).toBe(MAX_PATHS);
    expect(back.nodes.has(pathKey(['w9']))).toBe(false);
    expect(back.nodes.get(pathKey([`w${MAX_PATHS + 9}`]))?.node).toEqual({
      ...node(`w${MAX_PATHS + 9}`),
      raw: {},
      showOutput: undefined,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('one refresh at a time; a lock left by a refresh that died expires', () => {
    const file = fileIn();
    expect(claimRefresh(file)).toBe(true);
    expect(claimRefresh(file)).toBe(false);
    releaseRefresh(file);
    expect(claimRefresh(file)).toBe(true);
    // Its holder died ten minutes ago.
    const old = Date.now() / 1000 - 600;
    utimesSync(`${file}.lock`, old, old);
    expect(claimRefresh(file)).toBe(true);
    releaseRefresh(file);
  });
});
