// `routersh COMMAND --help`, `-h` and `help` print the command's own usage and exit 0 (they
// were usage errors, exit 2, for match-list, learn, undo and confirm); `routersh help [COMMAND]`.
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli/args.js';
import { COMMAND_HELP } from '../../src/cli/command-help.js';
import { runCommand } from '../helpers/command-io.js';

const COMMANDS = Object.keys(COMMAND_HELP);

describe('help conventions', () => {
  it.each(COMMANDS)('routersh %s --help, -h and help: its own usage, exit 0', async (name) => {
    for (const ask of [['--help'], ['-h'], ['help']]) {
      const r = await runCommand([name, ...ask]);
      expect({ ask, code: r.code, err: r.err }).toEqual({ ask, code: 0, err: '' });
      expect(r.out).toMatch(new RegExp(`^usage: routersh ${name}\\b`));
      expect(r.out).toContain('-h, --help');
    }
  });

  it('--help after other words still asks for help, before the parser can refuse them', async () => {
    for (const argv of [
      ['match-list', 'import', 'LIST', '--help'],
      ['undo', '--journal', '--help'],
      ['learn', 'interfaces', '--help'],
      ['play', 'demo.txt', '--speed', '2', '-h'],
    ]) {
      const r = await runCommand(argv);
      expect({ argv, code: r.code }).toEqual({ argv, code: 0 });
      expect(r.out).toMatch(new RegExp(`^usage: routersh ${argv[0]}\\b`));
    }
  });

  it('routersh help is --help; routersh help COMMAND is its help; an unknown one is a usage error', async () => {
    expect((await runCommand(['help'])).out).toBe(HELP);
    expect((await runCommand(['help', 'undo'])).out).toBe((await runCommand(['undo', '--help'])).out);
    const bad = await runCommand(['help', 'bogus']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^% no command 'bogus' \(commands: sim, api, .*\)\n$/);
  });

  it('a word after -- is not a request for help (api sends it as a path word)', async () => {
    const r = await runCommand(['api', '--router', 'http://127.0.0.1:1', '--', '--help']);
    expect(r.code).toBe(3);
    expect(r.out).not.toMatch(/^usage:/);
  });
});
