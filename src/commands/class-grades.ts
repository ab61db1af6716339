// `routersh class grades`: not built yet (issue 40; its owner fills this runner).
import type { CommandIo } from '../contract/command-io.js';
import { commandFailedError, type Ending } from '../errors.js';
import type { GradesArgs } from './class-args.js';

export async function runClassGrades(_args: GradesArgs, _io: CommandIo): Promise<Ending> {
  throw commandFailedError('class grades: not yet');
}
