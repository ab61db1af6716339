// `routersh class board`: not built yet (issue 40; its owner fills this runner).
import type { CommandIo } from '../contract/command-io.js';
import { commandFailedError, type Ending } from '../errors.js';
import type { BoardArgs } from './class-args.js';

export async function runClassBoard(_args: BoardArgs, _io: CommandIo): Promise<Ending> {
  throw commandFailedError('class board: not yet');
}
