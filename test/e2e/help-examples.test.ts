// Issue 10: every built-in's help has examples; a new user copies them into the demo, so each
// must be a line the demo accepts. Checked with --dry-run against the embedded simulators
// (nothing is sent): each example from the top level, as the help shows it.
import { describe, expect, it } from 'vitest';
import { BUILTIN_HELP, VERB_HELP } from '../../src/lang/index.js';
import { runBin } from '../helpers/run-bin.js';

interface DryLine {
  command: string;
  status: 'ok' | 'unchecked' | 'invalid' | 'not-run' | 'context';
  error?: { message: string };
}

const examples = [...Object.values(BUILTIN_HELP), ...Object.values(VERB_HELP)]
  .flatMap((h) => h.examples)
  // `A  then  B` shows a sequence, not a line; `exit`/`quit` would end the dry run.
  .filter((e) => !e.includes('  then  ') && e !== 'exit' && e !== 'quit');

describe('help examples run on the demo', () => {
  it('every example is accepted by --dry-run (an entry a user creates first may be missing)', async () => {
    // `top` first: an `edit` example must not move the next one into its context.
    const script = examples.flatMap((e) => ['top', e]).join('\n');
    const r = await runBin(['--demo', '--dry-run', '--keep-going', '--json', '-f', '-'], {
      input: `${script}\n`,
      timeoutMs: 30_000,
    });
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DryLine);
    const refused = lines
      .filter((l) => l.status === 'invalid' && !/' does not exist$/.test(l.error?.message ?? ''))
      .map((l) => `${l.command}: ${l.error?.message}`);
    expect(refused).toEqual([]);
    expect(lines.length).toBeGreaterThanOrEqual(examples.length);
  });
});
