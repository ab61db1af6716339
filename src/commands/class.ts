// `routersh class serve|join|board|grades`: the classroom (issue 40). The argv is checked here
// (class-args.ts); each sub-command's runner is its own module, loaded on use: serve
// (class-serve.ts), join (class-join.ts), board (class-board.ts), grades (class-grades.ts).
import type { Command } from './command.js';
import { type ClassArgs, parseClassArgs } from './class-args.js';

export const command: Command<ClassArgs> = {
  parse: parseClassArgs,
  async run(args, io) {
    switch (args.verb) {
      case 'serve':
        return (await import('./class-serve.js')).runClassServe(args, io);
      case 'join':
        return (await import('./class-join.js')).runClassJoin(args, io);
      case 'board':
        return (await import('./class-board.js')).runClassBoard(args, io);
      case 'grades':
        return (await import('./class-grades.js')).runClassGrades(args, io);
    }
  },
};
