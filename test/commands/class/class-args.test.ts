// `routersh class serve|join|board|grades`: the argv of each sub-command, through the product's
// own entry (execute): what each takes, and every mistake as one line, exit 2, before anything starts.
import { describe, expect, it } from 'vitest';
import { parseClassArgs } from '../../../src/commands/class-args.js';
import { runCommand } from '../../helpers/command-io.js';

describe('routersh class: argument parsing', () => {
  it('parses each sub-command with the CLI.md names', () => {
    expect(
      parseClassArgs(['serve', '--trainees', '3', '--lesson', 'interfaces', '--lesson', 'x.yml']),
    ).toEqual({
      verb: 'serve',
      trainees: 3,
      lessons: ['interfaces', 'x.yml'],
      host: '127.0.0.1',
      port: 8099,
    });
    expect(
      parseClassArgs([
        'serve',
        '--roster',
        'r.txt',
        '--lesson',
        'a',
        '--port',
        '0',
        '--state',
        'S',
        '--cert',
        'c',
        '--key',
        'k',
      ]),
    ).toMatchObject({ roster: 'r.txt', port: 0, state: 'S', cert: 'c', key: 'k' });
    expect(parseClassArgs(['join', 'http://h:1/', '--name', 't1', '--code-file', 'f'])).toEqual({
      verb: 'join',
      url: 'http://h:1',
      name: 't1',
      codeFile: 'f',
      rest: [],
    });
    expect(
      parseClassArgs([
        'join',
        '--name',
        't1',
        '-c',
        'http://x',
        'http://h:1',
        '--ca',
        'c.pem',
        '--json',
        '-cshow x',
      ]),
    ).toEqual({
      verb: 'join',
      url: 'http://h:1',
      name: 't1',
      rest: ['-c', 'http://x', '--ca', 'c.pem', '--json', '-cshow x'],
    });
    // `--play SCRIPT` and its pace: the join's own, judged by play's rule (seconds → ms).
    expect(
      parseClassArgs(['join', 'http://h:1', '--name', 't1', '--play', 's.txt', '--auto=0.5', '--speed', '2']),
    ).toEqual({
      verb: 'join',
      url: 'http://h:1',
      name: 't1',
      play: { script: 's.txt', autoMs: 500, speed: 2 },
      rest: [],
    });
    expect(parseClassArgs(['join', 'http://h:1', '--name', 't1', '--play', 's.txt'])).toMatchObject({
      play: { script: 's.txt', speed: 1 },
    });
    expect(parseClassArgs(['board', 'http://h:1', '--json', '--stuck', '5m', '--token-file', 't'])).toEqual({
      verb: 'board',
      url: 'http://h:1',
      json: true,
      stuckMs: 300_000,
      tokenFile: 't',
    });
    expect(parseClassArgs(['grades', 'https://h:1', '--csv'])).toEqual({
      verb: 'grades',
      url: 'https://h:1',
      format: 'csv',
    });
  });

  it.each([
    [['class'], /serve, join, board or grades/],
    [['class', 'teach'], /no sub-command 'teach'/],
    [['class', 'serve', '--lesson', 'a'], /--trainees N or --roster FILE/],
    [['class', 'serve', '--trainees', '2', '--roster', 'r', '--lesson', 'a'], /one of them/],
    [['class', 'serve', '--trainees', '0', '--lesson', 'a'], /--trainees: a whole number/],
    [['class', 'serve', '--trainees', '2'], /--lesson NAME\|FILE is wanted/],
    [['class', 'serve', '--trainees', '2', '--lesson', 'a', '--port', '70000'], /--port/],
    [
      ['class', 'serve', '--trainees', '2', '--lesson', 'a', '--cert', 'c'],
      /--cert F and --key F go together/,
    ],
    [['class', 'serve', '--trainees', '2', '--lesson', 'a', '--name', 'x'], /class serve takes no --name/],
    [['class', 'join', 'http://h:1'], /--name NAME is wanted/],
    [['class', 'join', 'http://u:p@h:1', '--name', 'a'], /no credentials in the URL/],
    [['class', 'join', 'ftp://h', '--name', 'a'], /not an http/],
    [['class', 'join', 'http://h:1', '--name', 'a', '--bogus'], /unknown flag '--bogus'/],
    [['class', 'join', '--name', 'a'], /one URL is wanted/],
    [['class', 'join', 'http://h:1', '--name', 'a', '--speed', '2'], /--speed goes with --play SCRIPT/],
    [['class', 'join', 'http://h:1', '--name', 'a', '--play', 's', '--auto', 'x'], /--auto wants a number/],
    [['class', 'join', 'http://h:1', '--name', 'a', '--play', 's', '--speed', '0'], /--speed wants a number/],
    [['class', 'join', 'http://h:1', '--name', 'a', '--play', 's', '-c', 'x'], /--play .* no -c or -f/],
    [['class', 'join', 'http://h:1', '--name', 'a', '--play'], /--play wants a value/],
    [['class', 'board'], /one URL is wanted/],
    [['class', 'board', 'http://h:1', '--stuck', 'soon'], /--stuck/],
    [['class', 'grades', 'http://h:1'], /--csv or --json/],
    [['class', 'grades', 'http://h:1', '--csv', '--json'], /--csv or --json/],
    [['class', 'serve', '--bogus'], /class: Unknown option '--bogus'/],
  ])('%j: one line, exit 2', async (argv, why) => {
    const r = await runCommand(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(why);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
  });
});
