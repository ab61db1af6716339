// `routersh class serve`: not built yet (issue 40; its owner fills this runner).
import type { CommandIo } from '../contract/command-io.js';
import { commandFailedError, type Ending } from '../errors.js';
import type { ServeArgs } from './class-args.js';

export async function runClassServe(_args: ServeArgs, _io: CommandIo): Promise<Ending> {
  throw commandFailedError('class serve: not yet');
}
