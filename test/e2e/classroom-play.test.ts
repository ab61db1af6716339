// A played trainee (built binary, tmux): `class join … --play SCRIPT` types a script into the
// trainee's shell as `routersh play` does, and each line is graded on the class server like a
// typed one: the instructor's board (its long poll) shows every step of the lesson done, and the
// shell shows the script's caption and the lesson complete. bench/class-bench.ts runs 29 of these.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClassClient } from '../../src/api/class/client.js';
import type { Board } from '../../src/contract/class.js';
import { type ClassProcess, startClassProcess } from '../helpers/class-process.js';
import { BIN, hasTmux, Tmux } from './tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'routersh-classroom-play-'));
const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
const term = new Tmux(100, 50);
let serve: ClassProcess | undefined;
afterAll(async () => {
  term.kill();
  await serve?.stop();
});

const SCRIPT = `# t1 works the interfaces lesson
interface eth1.100
interface eth1.100 mtu 9000
interface eth1.100 description "VLAN 100 lab"
show interface eth1.100
no interface eth1.100
`;

describe.skipIf(!hasTmux())('a played trainee (class join --play, tmux)', () => {
  it("each played line is graded on the server: the board shows the lesson's steps done", async () => {
    serve = await startClassProcess(['--trainees', '1', '--lesson', 'interfaces', '--port', '0'], env);
    const script = join(dir, 'interfaces.play');
    writeFileSync(script, SCRIPT);
    term.start(
      `node ${BIN} class join ${serve.url} --name t1 --code-file ${serve.codeFile('t1', dir)} --play ${script} --auto 0 --speed 20`,
      env,
    );
    const instructor = new ClassClient({
      url: serve.url,
      auth: { bearer: readFileSync(serve.tokenFile, 'utf8').trim() },
    });
    try {
      // The board's long poll, until t1's row is all done (the test's hang guard bounds it).
      let b: Board = await instructor.board(undefined);
      const row = (x: Board) => x.trainees.find((t) => t.name === 't1')?.steps ?? [];
      while (!(row(b).length === 5 && row(b).every((s) => s === 'done')))
        b = await instructor.board(b.version);
      const screen = await term.waitFor(/Lesson interfaces complete\.[\s\S]*t1@127\.0\.0\.1> ?$/m);
      expect(screen).toContain('t1 works the interfaces lesson');
      expect(screen).toContain('✓ step 5/5 done: Delete it');
    } finally {
      await instructor.close();
    }
  }, 120_000);
});
