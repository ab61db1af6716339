// One invocation of routersh (`routersh`, `routersh sim`, `routersh undo …`): its argv parsed
// first (a bad flag is a usage error before anything starts), then run with the process's I/O.
// main.ts maps the Ending to an exit status.
import type { CommandIo } from '../contract/command-io.js';
import type { Ending } from '../errors.js';

export interface Command<A> {
  parse(argv: string[]): A;
  run(args: A, io: CommandIo): Promise<Ending>;
  /** `--record FILE.cast`: the file the run is recorded to. */
  record?(args: A): string | undefined;
}
