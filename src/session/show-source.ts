// The `| refresh` pane's source: the line run through the shell's runner (its pipes included),
// in the context it was typed in. What the line prints is the pane's text; an error outcome
// rejects with the error (the pane shows it in place and keeps going).
import type { Outcome } from '../contract/outcome.js';
import type { ShowSource } from '../contract/show.js';

export type LineRunner = (line: string, signal: AbortSignal) => Promise<Outcome>;

export function showSource(run: LineRunner, line: string): ShowSource {
  return {
    async read(signal) {
      const o = await run(line, signal);
      switch (o.kind) {
        case 'router':
        case 'text':
        case 'context':
          return o.text;
        case 'error':
          throw o.error;
        default:
          return '';
      }
    },
  };
}
