// A streamed show's answer is made of the scan's envelope text and its pieces (no second parse
// of the whole body): it must be the answer the whole body's parse makes, redaction included,
// and so must its errors. The same hostile bodies, sent in parts by a node:http server, go to
// a client that streams and to one that does not.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouterClient } from '../../../src/api/router/client.js';
import { startServer, type TestServer } from '../../helpers/http-server.js';

const PASSWORD = 'Secr3t-pw';
const BASIC = Buffer.from(`admin:${PASSWORD}`).toString('base64');
let body = '';
let cuts: number[] = [];
let server: TestServer;
let streamed: RouterClient;
let whole: RouterClient;

beforeAll(async () => {
  // The body in parts at `cuts` (bytes), each written on a later turn: the client reads several.
  server = await startServer((_req, res) => {
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(200, { 'content-type': 'application/json' });
    const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
    const parts = [...at, bytes.length].map((end, i) => bytes.subarray(i === 0 ? 0 : at[i - 1], end));
    const next = () => {
      const p = parts.shift();
      if (p === undefined) res.end();
      else res.write(p, () => setImmediate(next));
    };
    next();
  });
  const cfg = {
    baseUrl: server.url,
    user: 'admin',
    password: PASSWORD,
    auth: 'basic' as const,
    timeoutMs: 5000,
  };
  streamed = new RouterClient(cfg);
  whole = new RouterClient(cfg);
});
afterAll(async () => {
  await Promise.all([streamed.close(), whole.close(), server.close()]);
});

const SHOW = { method: 'POST' as const, words: ['interface'], actions: ['SHOW' as const] };

/** The envelope, or the error's code and message. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    (env) => ({ env }),
    (e: { code?: string; message?: string }) => ({ error: [e.code, e.message] }),
  );

const text = fc
  .array(
    fc.constantFrom(
      'entry 1\n',
      PASSWORD,
      BASIC,
      `admin:${PASSWORD}`,
      '\\n',
      '\\u0041',
      '\\/',
      'é',
      '\\"',
      'x',
    ),
    { maxLength: 12 },
  )
  .map((a) => a.join(''));

const shapes = (show: string, other: string) => [
  `{"RequestStatus":"OK","Message":["${other}"],"NodeInfo":{"Name":"i","ShowOutput":"${show}"}}`,
  ` {"RequestStatus":"OK","NodeInfo":{"ShowOutput":"${show}","${other}":1}}\n`,
  // What follows the envelope, or a later ShowOutput, decides the answer: the full parse's.
  `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"${show}"}} x`,
  `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"${show}","ShowOutput":{"Columns":[],"Rows":[]}}}`,
  `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"${show}"},"RequestStatus":"ERROR","ErrorStatus":"${other}"}`,
  `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"${show}"}`,
  `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"${show}"},"Deep":${'['.repeat(70)}${']'.repeat(70)}}`,
];

describe('a streamed show answer', () => {
  it('is the whole body parse and redacted: the same envelope, or the same error', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.nat({ max: 6 }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 5 }),
        async (show, other, shape, at) => {
          body = shapes(show, other)[shape] ?? '';
          cuts = at;
          const pieces: Array<string | null> = [];
          const a = await outcome(streamed.send(SHOW, { onShow: (t) => pieces.push(t) }));
          const b = await outcome(whole.send(SHOW));
          expect(a).toEqual(b);
          expect(JSON.stringify(a)).not.toContain(PASSWORD);
          expect(JSON.stringify(a)).not.toContain(BASIC);
          // An answer's pieces are its ShowOutput, or a null at the end says they are not.
          const env = (a as { env?: { nodeInfo?: { showOutput?: unknown } } }).env;
          if (env && pieces.length > 0 && pieces.at(-1) !== null)
            expect(pieces.join('')).toBe(env.nodeInfo?.showOutput);
        },
      ),
      { numRuns: 150 },
    );
  });
});
