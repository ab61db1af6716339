// V8's backtracking RegExp under a hard time bound, for the patterns RE2 cannot run
// (lookarounds, backreferences). A regex spinning on the main thread cannot be stopped by a
// signal or a timer, but node:vm's `timeout` can: its watchdog thread terminates the running
// script — the regex included — and the call throws. Measured: ^(a+)+$ on 34 a's and a `!`
// stops at the bound (~50 ms) where it would otherwise run for hours; each call costs ~0.3 ms.
import vm from 'node:vm';

/** How long one match may run before it counts as unchecked. */
export const V8_MATCH_BUDGET_MS = 50;

// Made on first use: most runs never need it, and start-up should not pay for a context.
let sandbox: object | undefined;
let run: vm.Script | undefined;

function once(rx: RegExp, word: string, budgetMs: number): boolean | 'timeout' {
  sandbox ??= vm.createContext(Object.create(null) as object);
  run ??= new vm.Script('rx.test(word)');
  const box = sandbox as { rx?: RegExp; word?: string };
  box.rx = rx;
  box.word = word;
  try {
    return run.runInContext(sandbox, { timeout: budgetMs }) === true;
  } catch {
    return 'timeout'; // the watchdog, or the regex's own stack limit
  } finally {
    delete box.rx;
    delete box.word;
  }
}

/** `rx.test(word)`, or 'timeout' when it needed more than `budgetMs` of work. */
export function testBounded(rx: RegExp, word: string, budgetMs = V8_MATCH_BUDGET_MS): boolean | 'timeout' {
  // The bound is wall time: on a loaded machine the thread may have been waiting, not matching.
  // Only an overrun that mostly ran counts; a stall is tried again until the tries have had the
  // budget's CPU in all or STALLS_MS have passed (a count of retries was not enough: at load 30
  // on two cores four 50 ms slots in a row can each give the process under 25 ms of CPU). A
  // pattern that runs away on an idle machine ends at the first try, as before.
  const started = performance.now();
  let cpuMs = 0;
  for (;;) {
    const cpu = process.cpuUsage();
    const v = once(rx, word, budgetMs);
    if (v !== 'timeout') return v;
    const used = process.cpuUsage(cpu);
    const ms = (used.user + used.system) / 1000;
    cpuMs += ms;
    if (ms >= budgetMs / 2 || cpuMs >= budgetMs || performance.now() - started >= STALLS_MS) return v;
  }
}

/** How long overruns that mostly waited are retried before the match counts as unchecked. */
const STALLS_MS = 2000;
