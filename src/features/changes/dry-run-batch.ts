// `--dry-run` for -c, -f and stdin: every line is checked (dry-run.ts) as if the lines before
// it had run, and its request printed, one a line; nothing but metadata GETs is sent. Errors
// are reported as the batch reports them; a summary goes to stderr, so stdout stays requests.
import { RoutershError } from '../../errors.js';
import { GRAPH_IN_SCRIPT, REFRESH_IN_SCRIPT, splitPipes } from '../../lang/pipes.js';
import { Overlay } from '../../lang/overlay.js';
import { jsonText, sanitizeText } from '../../term/sanitize.js';
import type { RunState, Services } from '../../contract/services.js';
import { type DryLine, type DryStatus, dryRunLine } from './dry-run.js';
import { showDryLine } from './dry-run-command.js';
import { errorLine } from '../../term/error-line.js';

/** What it needs of the batch's IO and options (batch.ts imports this file, not the reverse). */
interface DryIO {
  stdout(s: string): void;
  stderr(s: string): void;
}
interface DryOptions {
  json: boolean;
  unit: 'line' | 'command';
  signal: AbortSignal;
}

export class DryRun {
  private readonly overlay = new Overlay();
  private readonly counts: Record<DryStatus, number> = {
    ok: 0,
    unchecked: 0,
    invalid: 0,
    'not-run': 0,
    context: 0,
  };

  constructor(
    private readonly state: RunState,
    private readonly services: Services,
    private readonly io: DryIO,
    private readonly o: DryOptions,
  ) {}

  /** Checks and prints one line: its error, if any, and whether the run ends (`exit`). */
  async line(line: string, n: number): Promise<{ error?: RoutershError; stop: boolean }> {
    const piped = splitPipes(line); // output pipes act on output: a dry run has none to filter
    // A script never refreshes a line nor draws a pane: the dry run says so, as the run would (exit 2).
    const live = piped.pipes.find((p) => p.spec.name === 'refresh' || p.spec.name === 'graph');
    const inScript = live?.spec.name === 'graph' ? GRAPH_IN_SCRIPT : REFRESH_IN_SCRIPT;
    const d: DryLine = piped.error
      ? { status: 'invalid', error: new RoutershError('validation', piped.error.message) }
      : live
        ? { status: 'invalid', error: new RoutershError('usage', inScript) }
        : await dryRunLine(piped.command, {
            state: this.state,
            services: this.services,
            overlay: this.overlay,
            signal: this.o.signal,
          });
    if (d.status !== 'not-run' || d.why !== 'empty') this.counts[d.status]++;
    const context = this.state.context;
    if (d.status === 'context' && d.context) this.state.context = d.context;
    const env = { state: this.state, services: this.services, overlay: this.overlay, signal: this.o.signal };
    const shown = showDryLine(d, piped.command, env, context, n);
    if (d.error) {
      const where = this.o.unit === 'line' ? `line ${n}` : `command ${n}`;
      this.io.stderr(`${errorLine(d.error)} (${where})\n`);
    }
    if (this.o.json) {
      if (d.status !== 'not-run' || d.why !== 'empty') this.io.stdout(`${jsonText(shown.json)}\n`);
    } else if (shown.text !== undefined) {
      this.io.stdout(`${sanitizeText(shown.text)}\n`);
    }
    return { ...(d.error ? { error: d.error } : {}), stop: d.exit === true };
  }

  /** One line on stderr: how many lines would send, and that nothing was sent. */
  summary(): void {
    const c = this.counts;
    const parts = [
      `${c.ok} ok`,
      `${c.unchecked} unchecked`,
      `${c.invalid} invalid`,
      `${c['not-run']} not run`,
    ];
    this.io.stderr(`dry run: ${parts.join(', ')}; nothing was sent\n`);
  }
}
