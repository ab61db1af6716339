// Issue 36: a 10 kB paste into the prompt from a terminal without bracketed paste, measured at
// the screen. The key source splits typed text into one key per grapheme; a long run read at
// once stays one paste (keys/key-parser.ts, UNBRACKETED_PASTE_MIN), and this says it is no
// slower than before. The built binary runs in tmux (120×40) on `--demo`; tmux's paste-buffer
// (without -p: no paste markers, in the pty's pieces of a few kB) writes 10 kB of one line, and
// the time is taken from the paste to the first output holding the line's last word. Ctrl-U then
// clears the line. 5 alternated runs (BENCH_RUNS).
// ROUTERSH_BENCH_BASE_BIN=/other/checkout/bin/routersh.cjs measures that build in the same
// alternation, in a second tmux, and the ratio this ÷ base per run.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, pairedRatio, rows, RUNS } from './alternate.js';
import { Control, pause } from './tmux-control.js';
import { ROOT } from './util.js';

const BIN = process.env.ROUTERSH_BENCH_BIN ?? `${ROOT}bin/routersh.cjs`;
const BYTES = 10_000;
/** The line's last word; the output may wrap it, so it is matched with anything between its letters. */
const END = 'PASTEEND';
const END_SEEN = new RegExp(END.split('').join('[^A-Z]*'));

/** One command line of BYTES: words and values a router line holds, no `?` (it would list). */
function pasteText(): string {
  let s = 'ipv4 firewall match-list blacklist comment "';
  for (let i = 0; s.length < BYTES - END.length - 2; i++) s += `net 10.${i % 256}.${(i * 7) % 256}.0/24 `;
  return `${s}${END}"`;
}

async function open(bin: string): Promise<Control> {
  const c = new Control();
  c.start(`node ${bin} --demo`, {
    XDG_STATE_HOME: '/tmp/routersh-bench-state',
    XDG_CONFIG_HOME: '/tmp/routersh-bench-config',
  });
  await c.screen(/> *$/m, 30_000);
  return c;
}

/** Pastes the line; the ms until its end is drawn. Then clears it and waits for the empty prompt. */
async function pasteOnce(c: Control, file: string): Promise<number> {
  await c.keys(`C-u`);
  await pause(300);
  const ms = await c.command(`load-buffer -b p ${file} ; paste-buffer -d -b p -t b`, END_SEEN, 30_000);
  await c.keys('C-u');
  await c.gone(new RegExp(END));
  await pause(200);
  return ms;
}

export async function benchPaste(): Promise<Record<string, number>> {
  const file = join(tmpdir(), `routersh-paste-${process.pid}.txt`);
  writeFileSync(file, pasteText());
  const sessions: Array<{ name: string; c: Control }> = [];
  const r: Record<string, number> = {};
  try {
    sessions.push({ name: 'this build', c: await open(BIN) });
    const base = process.env.ROUTERSH_BENCH_BASE_BIN;
    if (base) sessions.push({ name: 'base build', c: await open(base) });
    const summary = await alternate(
      sessions.map((s) => ({ name: s.name, run: () => pasteOnce(s.c, file) })),
      RUNS,
    );
    for (const [name, s] of Object.entries(summary))
      Object.assign(r, rows(`10 kB unbracketed paste → drawn at the prompt, ${name} (ms)`, s));
    if (summary['base build'])
      Object.assign(
        r,
        rows(
          '10 kB paste: this build ÷ base build (paired)',
          pairedRatio(summary['this build']!, summary['base build']),
        ),
      );
  } finally {
    for (const s of sessions) s.c.stop();
  }
  return r;
}
