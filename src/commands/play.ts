// `routersh play SCRIPT [--auto S] [--speed N]`: a demo script typed into the interactive shell
// (keys/script-feed.ts) on a session built like every other.
import { type PlayArgs, parsePlayArgs } from '../cli/args.js';
import type { Ending } from '../errors.js';
import type { Command } from './command.js';
import { runSession } from './default.js';

export const command: Command<PlayArgs> = {
  parse: parsePlayArgs,
  record: (play) => play.flags.record,
  async run(play, io): Promise<Ending> {
    // `--help` is the play's own (commands/help.ts); `--version` the main one.
    if (play.flags.version) return (await import('./default.js')).command.run(play.flags, io);
    const { autoMs, speed, script } = play;
    return runSession(play.flags, io, {
      play: { script, speed, ...(autoMs !== undefined ? { autoMs } : {}) },
    });
  },
};
