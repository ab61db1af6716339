// `class grades` and `class board --json` against a hostile class server (a node:http server of
// the test answering wrong types, huge lists, an echoed token, control characters): each is one
// line and its exit status, the token never in it; and the token file's checks (others may read
// it, empty, missing, no terminal to ask on), which refuse before anything is sent.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../src/commands/index.js';
import { exitStatus } from '../../../src/exit-status.js';
import { captureIo, runCommand } from '../../helpers/command-io.js';
import { waitFor } from '../../helpers/ink.js';
import { startServer, type TestServer } from '../../helpers/http-server.js';

const TOKEN = 'tok-Very-Secret-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'class-hostile-'));
const tokenFile = join(dir, 'instructor.token');
writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });

let answer: (res: ServerResponse) => void = (res) => res.end('{}');
let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) => answer(res));
});
afterAll(() => server.close());

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const grades = (...more: string[]) =>
  runCommand(['class', 'grades', server.url, '--csv', '--token-file', tokenFile, ...more]);

describe('class grades and class board against a hostile server', () => {
  it('sends the token as a Bearer header only, never in the URL', async () => {
    answer = json(200, { trainees: [] });
    const r = await grades();
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const seen = server.requests.at(-1)!;
    expect(seen.url).toBe('/class/grades');
    expect(seen.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ['a list that is not one', { trainees: {} }, 'grades.trainees: not a list'],
    [
      'a wrong type deep down',
      { trainees: [{ name: 't1', lessons: [{ lesson: 'x', percent: 50, steps: [{ step: 0 }] }] }] },
      'grades.trainees[0].lessons[0].steps[0].title: not a string',
    ],
    [
      'a percent out of range',
      { trainees: [{ name: 't1', lessons: [{ lesson: 'x', percent: 1e9, steps: [] }] }] },
      'grades.trainees[0].lessons[0].percent: not a number in range',
    ],
    [
      '100,001 trainees',
      { trainees: Array.from({ length: 100_001 }, () => 0) },
      'grades.trainees: more than 10000 entries',
    ],
    ['not JSON', '<html>', 'body is not JSON'],
  ])('%s: one line, exit 1', async (_what, body, why) => {
    answer = json(200, body);
    const r = await grades();
    expect(r.out).toBe('');
    expect(r.err).toBe(`% malformed answer from class server: ${why}\n`);
    expect(r.code).toBe(1);
  });

  it('a refusal that echoes the token and tries to drive the terminal: the token redacted, the text inert, exit 3', async () => {
    answer = json(401, { error: `bad token ${TOKEN}\u001b]0;pwned\u0007` });
    const r = await grades();
    expect(r.err).not.toContain(TOKEN);
    expect(r.err).not.toMatch(/\u001b|pwned\u0007/);
    expect(r.err).toMatch(/^% class server answered 401: bad token \[redacted\]/);
    expect(r.code).toBe(3);
  });

  it('class board --json: a first read that fails is one line and its status', async () => {
    answer = json(200, {
      version: 1,
      lesson: { name: 'x', title: 'y', steps: ['a'] },
      lessonIndex: 0,
      lessons: 1,
      now: 'never',
      trainees: [],
    });
    const r = await runCommand(['class', 'board', server.url, '--json', '--token-file', tokenFile]);
    expect(r.err).toBe('% malformed answer from class server: board.now: not a time\n');
    expect(r.code).toBe(1);
  });

  it('a token file others can read, an empty one, a missing one, none on a pipe: refused before anything is sent', async () => {
    const sent = server.requests.length;
    const open = join(dir, 'open.token');
    writeFileSync(open, TOKEN);
    chmodSync(open, 0o644);
    let r = await runCommand(['class', 'grades', server.url, '--json', '--token-file', open]);
    expect(r.err).toBe(
      `% instructor token file ${open} is readable by others (mode 0644): chmod 600 ${open}\n`,
    );
    expect(r.code).toBe(2);
    const empty = join(dir, 'empty.token');
    writeFileSync(empty, '', { mode: 0o600 });
    r = await runCommand(['class', 'grades', server.url, '--json', '--token-file', empty]);
    expect(r.err).toBe(`% instructor token file ${empty} is empty\n`);
    r = await runCommand(['class', 'board', server.url, '--json', '--token-file', join(dir, 'nope')]);
    expect(r.err).toBe(`% cannot read instructor token file ${join(dir, 'nope')}: ENOENT\n`);
    r = await runCommand(['class', 'grades', server.url, '--json']);
    expect(r.err).toMatch(/^% no instructor token: give --token-file F/);
    expect(r.code).toBe(2);
    r = await runCommand(['class', 'board', server.url, '--token-file', tokenFile]);
    expect(r.err).toBe('% class board draws on a terminal: use --json for JSON lines in a pipe\n');
    expect(server.requests.length).toBe(sent);
  });

  it('class board --json: a line the server left unmasked is masked, its text escaped; Ctrl-C ends the stream with 0', async () => {
    const board = {
      version: 3,
      lesson: { name: 'interfaces', title: 'Inter\u009bfaces', steps: ['a'] },
      lessonIndex: 0,
      lessons: 1,
      now: '2026-12-04T15:30:00Z',
      trainees: [
        {
          name: 't1',
          joined: true,
          steps: ['current'],
          hints: [false],
          current: 0,
          stepSince: '2026-12-04T15:29:00Z',
          last: { line: 'set system user bob password hunter2', at: '2026-12-04T15:29:59Z' },
        },
      ],
    };
    const held: ServerResponse[] = [];
    answer = (res) => {
      const after = new URL(server.requests.at(-1)!.url, 'http://x').searchParams.get('after');
      if (after === null) json(200, board)(res);
      else held.push(res); // the long poll: no change until the test ends it
    };
    const c = captureIo();
    let interrupt = () => {};
    const io = {
      ...c.io,
      onInterrupt: (h: () => void) => {
        interrupt = h;
        return () => {};
      },
    };
    const running = execute(['class', 'board', server.url, '--json', '--token-file', tokenFile], io);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(server.requests.at(-1)!.url).toBe('/class/board?after=3');
    interrupt();
    expect(exitStatus(await running)).toBe(0);
    const lines = c.out().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('hunter2');
    expect(lines[0]).not.toMatch(/[\u007f-\u009f]/);
    const doc = JSON.parse(lines[0]!);
    expect(doc.trainees[0].last.line).toBe('set system user bob password ***');
    expect(doc.lesson.title).toBe('Inter\u009bfaces'); // escaped in the line, the same once parsed
    for (const res of held) res.end();
  });
});
