// The two lines the interactive shell starts with: where it is connected, whether that is a
// simulator, and the three things to try. Never in batch mode or with --json (main.ts runs the
// shell only on a terminal; shell.tsx skips it for --json).
import type { Config } from '../config/config.js';
import type { Session } from '../session/session.js';
import { sanitizeLine } from '../term/sanitize.js';

export interface WelcomeFacts {
  /** user@host, as in the prompt. */
  label: string;
  router: string;
  telemetry?: string | undefined;
  /** `--demo` (the embedded simulators) or the profile `routersh sim` saved. */
  simulator?: 'demo' | 'sim' | undefined;
}

const SIMULATOR = {
  demo: ' (simulator, --demo)',
  sim: " (simulator, profile 'sim')",
} as const;

export function welcomeText(f: WelcomeFacts): string {
  const telemetry = f.telemetry ? `, telemetry ${f.telemetry}` : ', no telemetry';
  const sim = f.simulator ? SIMULATOR[f.simulator] : '';
  const where = sanitizeLine(`Connected as ${f.label} to ${f.router}${telemetry}${sim}.`);
  return `${where}\nTab completes, ? lists what can follow, help shows the commands; Ctrl-D exits.\n`;
}

/** The welcome of a shell on `session` (`demo`: started with --demo). */
export function shellWelcome(session: Session, cfg: Readonly<Config>, demo: boolean | undefined): string {
  return welcomeText({
    label: session.label,
    router: cfg.router ?? '',
    telemetry: session.services.telemetry ? cfg.telemetryUrl : undefined,
    simulator: demo ? 'demo' : cfg.profile === 'sim' ? 'sim' : undefined,
  });
}
