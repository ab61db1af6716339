// Every built-in's bad argument is a failed command (exit 1) under -c, never a usage error
// (2: routersh's own flags and configuration, CLI.md). One line per built-in of the grammar's
// table: a built-in added without a line here fails the first test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_NAMES, type BuiltinName } from '../../src/lang/index.js';
import { startSims } from '../../src/session/demo.js';
import { runCommand } from '../helpers/command-io.js';

type Sims = Awaited<ReturnType<typeof startSims>>;

/** A line with a bad argument for each built-in (the built-in's name as the table spells it). */
const BAD: Record<BuiltinName, string> = {
  help: 'help no-such-word-here',
  exit: 'exit now',
  quit: 'quit now',
  history: 'history 3',
  edit: 'edit no-such-node',
  up: 'up 2',
  top: 'top 2',
  refresh: 'refresh no-such-node',
  'metrics query': 'metrics query up at not-a-time',
  'metrics range': 'metrics range up since 0s',
  'metrics names': 'metrics names match {{',
  'metrics labels': 'metrics labels match',
  'metrics label-values': 'metrics label-values',
  'logs search': 'logs search * since 0s',
  'logs histogram': 'logs histogram * step 0',
  'logs fields': 'logs fields x',
  'logs field-values': 'logs field-values',
  'logs facets': 'logs facets x',
  'match-list': 'match-list import blacklist /nonexistent.txt',
  'dry-run': 'dry-run no-such-word',
  config: 'config save',
  dashboard: 'dashboard /nonexistent-dashboard.yaml',
  changes: 'changes everything',
  compare: 'compare x',
  checkpoint: 'checkpoint ../x',
  checkpoints: 'checkpoints x',
  undo: 'undo 1 2',
  rollback: 'rollback x',
  'confirm-within': 'confirm-within soon',
  confirm: 'confirm x',
  commit: 'commit later',
  configure: 'configure shared',
  discard: 'discard',
  end: 'end',
  'monitor match-list': 'monitor match-list',
  learn: 'learn no-such-lesson',
  hint: 'hint',
  skip: 'skip',
  lesson: 'lesson x',
};

/** More bad arguments the issue named, and each built-in flag's range. */
const MORE = [
  'match-list import blacklist /nonexistent.txt --concurrency 0',
  'match-list import blacklist /dev/null --concurrency 0',
  'match-list import blacklist /dev/null --csv',
  'match-list sync blacklist - --keep',
  'match-list frobnicate blacklist',
];

let sims: Sims;
let state: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  sims = await startSims({ host: '127.0.0.1', port: 0, telemetryPort: 0 });
  state = mkdtempSync(join(tmpdir(), 'routersh-args-'));
  env = {
    ROUTERSH_USER: 'admin',
    ROUTERSH_PASSWORD: 'admin',
    ROUTERSH_TELEMETRY_URL: sims.telemetry.url,
    ROUTERSH_TELEMETRY_KEY: sims.telemetry.keys.demo,
    XDG_STATE_HOME: state,
  };
});
afterAll(async () => {
  await sims.close();
  rmSync(state, { recursive: true, force: true });
});

describe("a built-in's bad argument under -c", () => {
  it('the table names every built-in', () => {
    expect(Object.keys(BAD).sort()).toEqual([...BUILTIN_NAMES].sort());
  });

  it.each([...Object.values(BAD), ...MORE])('%s: exit 1, one error line', async (line) => {
    const r = await runCommand(['--router', sims.router.url, '-c', line], env);
    expect(r.err, r.err).toMatch(/^(% |error: ).+ \(command 1\)\n/);
    expect(r.code, r.err).toBe(1);
  });
});
