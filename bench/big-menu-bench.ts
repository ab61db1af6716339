// Issue 9: a warm Tab over 65,536 values, measured at the screen. The built binary runs in tmux
// against the hostile router whose `interface` lists 65,536 SetValues; the bench drives it
// through tmux control mode (`tmux -C`), which streams every byte the pane receives as it
// arrives: the time is from `send-keys Tab` to the first output holding the menu's footer
// ("of 65537": the values and the <ifname> placeholder). Baseline in the same tmux: bash
// readline completing among the same 65,536 words (`complete -W` over if00000…if65535,
// show-all-if-ambiguous on), timed from Tab to its answer "Display all 65536 possibilities"
// (readline gathers and sorts every match, then asks). (Needs `npm run build` first.)
import { startHostileRouter } from '../test/hostile/router.js';
import { Control, pause } from './tmux-control.js';
import { percentile, ROOT } from './util.js';

const N = 65_536;
const RUNS = 50;

async function series(c: Control, tab: string, marker: string, dismiss: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const ms = await c.keys(tab, marker);
    if (i >= 5) out.push(ms); // the first ones fetch, index and warm the JIT
    await c.keys(dismiss);
    // Past Ink's frame throttle (30 fps: a frame, then a trailing one ≤ 34 ms later), so each Tab
    // is measured from a settled screen, not queued behind the dismissal's frames.
    await pause(100);
  }
  return out.sort((a, b) => a - b);
}

export async function benchBigMenu(): Promise<Record<string, number>> {
  const router = await startHostileRouter({ listEntries: N });
  const r: Record<string, number> = {};
  const shell = new Control();
  try {
    shell.start(`node ${ROOT}bin/routersh.cjs --router ${router.url} --user admin`, {
      ROUTERSH_PASSWORD: 'admin',
      XDG_STATE_HOME: '/tmp/routersh-bench-state',
    });
    await shell.screen(/admin@127\.0\.0\.1>/);
    // The first Tab fetches `interface` and inserts the common prefix `if`; from then on one
    // Tab on `interface if` opens the menu, Ctrl-G closes it.
    await shell.keys("-l 'interface '");
    await shell.keys('Tab');
    await shell.screen(/interface if\s*$/m);
    await pause(200);
    const tabs = await series(shell, 'Tab', `of ${N + 1}`, 'C-g');
    r['routersh: warm Tab over 65,536 values, keystroke→menu p50 (ms)'] = percentile(tabs, 50);
    r['routersh: warm Tab over 65,536 values, keystroke→menu p99 (ms)'] = percentile(tabs, 99);
  } finally {
    shell.stop();
    await router.close();
  }
  const bash = new Control();
  try {
    bash.start('bash --norc --noprofile', { PS1: '$ ' });
    await bash.screen(/^\$\s*$/m, 5000);
    await bash.keys(
      `-l "complete -W \\"\\$(seq -f 'if%05.0f' 0 ${N - 1})\\" x; bind 'set show-all-if-ambiguous on'; clear"`,
    );
    await bash.keys('Enter');
    await pause(1500);
    await bash.keys("-l 'x if'");
    await pause(200);
    const tabs = await series(bash, 'Tab', `Display all ${N}`, 'n');
    r['bash readline: Tab over 65,536 words (complete -W) p50 (ms)'] = percentile(tabs, 50);
    r['bash readline: Tab over 65,536 words (complete -W) p99 (ms)'] = percentile(tabs, 99);
  } finally {
    bash.stop();
  }
  return r;
}
