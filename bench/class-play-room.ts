// The 29 trainees of bench/class-bench.ts as issue 40 has them: each a `routersh class join …
// --play SCRIPT` (the lesson's solution typed into the interactive shell key by key, each line
// graded on the class server), in its own window of one tmux server of their own (play needs a
// terminal; tmux is the screen benches' terminal, and a server apart keeps their output off the
// measured trainee's tmux). The class idle: their processes stopped (SIGSTOP), so they hold
// still at once wherever they are; working: continued (SIGCONT).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pause } from './tmux-control.js';

export interface PlayRoomOptions {
  dir: string;
  bin: string;
  url: string;
  names: string[];
  /** NAME → its 0600 code file. */
  codeFile: (name: string) => string;
  /** The lines played, in order; the script holds them `rounds` times. */
  lines: string[];
  rounds: number;
  /** play's --speed and --auto (seconds before each Enter). */
  speed: number;
  autoS: number;
}

export interface PlayRoom {
  set(working: boolean): void;
  /** The clients' processes and their tmux server's (for their CPU). */
  pids: number[];
  /** Windows whose client ended (remain-on-exit keeps them to count). */
  ended(): number;
  stop(): void;
}

export async function startPlayRoom(o: PlayRoomOptions): Promise<PlayRoom> {
  const sock = `routersh-class-room-${randomBytes(4).toString('hex')}`;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', sock, ...args], { encoding: 'utf8' });
  const script = join(o.dir, 'room.play');
  const round = `# a round of the interfaces lesson\n${o.lines.join('\n')}\n`;
  writeFileSync(script, round.repeat(o.rounds));
  const command = (name: string) =>
    `exec env -u CI -u NODE_EXTRA_CA_CERTS TERM=xterm-256color XDG_STATE_HOME='${join(o.dir, `state-${name}`)}' ` +
    `${process.execPath} ${o.bin} class join ${o.url} --name ${name} --code-file ${o.codeFile(name)} ` +
    `--play ${script} --speed ${o.speed} --auto ${o.autoS} --no-pager`;
  const [first, ...others] = o.names;
  if (first === undefined) throw new Error('no trainees to play');
  tmux('new-session', '-d', '-s', 'room', '-n', first, '-x', '100', '-y', '30', command(first));
  tmux('set-option', '-g', 'remain-on-exit', 'on');
  for (const name of others) tmux('new-window', '-d', '-t', 'room', '-n', name, command(name));
  const panes = () =>
    tmux('list-panes', '-s', '-t', 'room', '-F', '#{window_name} #{pane_pid} #{pane_dead}')
      .trim()
      .split('\n')
      .map((l) => l.split(' ') as [string, string, string]);
  // Every shell at its prompt (a node start each, 29 at once on a loaded machine).
  const guard = Date.now() + 300_000;
  for (const name of o.names) {
    const prompt = new RegExp(`${name}@127\\.0\\.0\\.1>`);
    while (!prompt.test(tmux('capture-pane', '-p', '-t', `room:${name}`))) {
      if (Date.now() > guard) throw new Error(`${name}'s shell never reached its prompt`);
      await pause(500);
    }
  }
  const pids = panes().map(([, pid]) => Number(pid));
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of pids)
      try {
        process.kill(pid, sig);
      } catch {}
  };
  const server = Number(tmux('display-message', '-p', '#{pid}').trim());
  return {
    pids: [...pids, server],
    set: (working) => signal(working ? 'SIGCONT' : 'SIGSTOP'),
    ended: () => panes().filter(([, , dead]) => dead === '1').length,
    stop: () => {
      signal('SIGCONT');
      try {
        tmux('kill-server');
      } catch {}
    },
  };
}
