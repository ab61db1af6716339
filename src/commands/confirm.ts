// `routersh confirm --journal FILE`: keeps, from any terminal, the changes of the confirmed-change
// window open in FILE — the same decision the shell's `confirm` takes (window-decision.ts), on
// disk (fsync'd) before it says so; the guard sees it and ends. No router is contacted.
import { parseArgs } from 'node:util';
import { CONFIRM_OPTIONS } from '../cli/command-options.js';
import { commandFailedError, OK, usageError } from '../errors.js';
import { openJournal } from '../features/changes/journal-open.js';
import { decide } from '../features/changes/window-decision.js';
import { sanitizeLine } from '../term/sanitize.js';
import type { Command } from './command.js';
import { startCheck } from './start-check.js';

export const command: Command<{ journal: string }> = {
  parse(argv) {
    let journal: string | undefined;
    try {
      ({ journal } = parseArgs({
        args: argv,
        options: CONFIRM_OPTIONS,
        strict: true,
      }).values);
    } catch (e) {
      throw usageError(`${(e as Error).message.split('\n')[0]} (routersh confirm --journal FILE)`);
    }
    if (!journal) throw usageError('routersh confirm needs --journal FILE (a session journal)');
    return { journal };
  },
  async run({ journal: path }, io) {
    // The start rule, for every window but the one this command confirms.
    await startCheck(io, { skip: path });
    const journal = openJournal({ router: '', user: '' }, { path });
    try {
      const w = journal.window();
      if (!w) throw commandFailedError(`${sanitizeLine(path)}: no confirmed-change window is open`);
      const d = decide(path, w.id, { kind: 'confirmed', by: 'routersh confirm' });
      if (!d.won) {
        if (d.decision.kind === 'confirmed')
          io.out(`window ${w.id} was confirmed already (${d.decision.by})\n`);
        else
          throw commandFailedError(
            `too late: window ${w.id} ended and its changes are being reverted (${d.decision.by})`,
          );
        return OK;
      }
      journal.setWindow({ ...w, state: 'confirmed' }, { by: 'routersh confirm' });
      const n = journal.changes().filter((c) => c.window === w.id && c.status === 'done').length;
      io.out(`confirmed: ${n} change${n === 1 ? '' : 's'} of window ${w.id} kept\n`);
      return OK;
    } finally {
      await journal.close();
    }
  },
};
