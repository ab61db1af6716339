// The floor for any transport over undici (bench/startup-bench.ts): one POST /api/interface
// through undici's Client imported by path as src/http/transport.ts does, bundled like dist/,
// WebAssembly unoptimised as -c runs it; prints the first characters of the answer.
// Usage: node startup-undici-post.js ROUTER_URL
import { setFlagsFromString } from 'node:v8';
import Client from 'undici/lib/dispatcher/client.js';

setFlagsFromString('--liftoff-only');
const url = new URL(process.argv[2] ?? '');
const agent = new Client(url.origin, { pipelining: 1, keepAliveTimeout: 10_000 });
const chunks: Buffer[] = [];
let status = 0;
agent.dispatch(
  {
    origin: url.origin,
    path: '/api/interface',
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ Actions: ['SHOW'] }),
  },
  {
    onRequestStart() {},
    onResponseStart(_c, code) {
      status = code;
    },
    onResponseData(_c, chunk) {
      chunks.push(chunk);
    },
    onResponseEnd() {
      const out = (
        JSON.parse(Buffer.concat(chunks).toString('utf8')) as { NodeInfo?: { ShowOutput?: unknown } }
      ).NodeInfo?.ShowOutput;
      if (status !== 200 || out === undefined) process.exit(1);
      process.stdout.write(`${JSON.stringify(out).slice(0, 10)}\n`);
      void agent.close();
    },
    onResponseError(_c, e) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    },
  },
);
