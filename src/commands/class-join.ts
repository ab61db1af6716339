// `routersh class join`: not built yet (issue 40; its owner fills this runner).
import type { CommandIo } from '../contract/command-io.js';
import { commandFailedError, type Ending } from '../errors.js';
import type { JoinArgs } from './class-args.js';

export async function runClassJoin(_args: JoinArgs, _io: CommandIo): Promise<Ending> {
  throw commandFailedError('class join: not yet');
}
