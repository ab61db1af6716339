// Issue 9 start-up targets, measured side by side in one run: `routersh --version` ≤ 1.5×
// `node -e 0`, and `-c "show interface"` ≤ 3× a bare node:http script making the same POST
// (node:http, not undici: the baseline must not load what is being measured). curl is shown
// too when installed. Runs are interleaved so a busy machine slows every column alike.
// NODE_EXTRA_CA_CERTS (set in this sandbox, rarely on a user's machine) adds ~50 ms to every
// node start: it is unset for every process here, baselines included.
// ROUTERSH_BENCH_BEFORE=/path/to/bin/routersh.js adds the same rows for another build.
import { spawnSync } from 'node:child_process';
import { median, ROOT, startChildSims, timeRun } from './util.js';

const RUNS = 15;

const NODE_HTTP_POST = `
const http = require('node:http');
const body = JSON.stringify({ Actions: ['SHOW'] });
const req = http.request(process.argv[1] + '/api/interface', {
  method: 'POST',
  headers: {
    authorization: 'Basic ' + Buffer.from('admin:admin').toString('base64'),
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  },
}, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (d) => { text += d; });
  res.on('end', () => {
    const out = JSON.parse(text).NodeInfo?.ShowOutput;
    if (res.statusCode !== 200 || out === undefined) { process.stderr.write(text); process.exit(1); }
    process.stdout.write(String(out).slice(0, 10) + '\\n');
  });
});
req.end(body);
`;

const hasCurl = (): boolean => spawnSync('curl', ['--version']).status === 0;

export async function benchStartupLean(): Promise<Record<string, number>> {
  const sims = await startChildSims();
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, ROUTERSH_PASSWORD: 'admin' };
    delete env.NODE_EXTRA_CA_CERTS;
    const bins: Array<[label: string, bin: string]> = [['', `${ROOT}bin/routersh.js`]];
    const before = process.env.ROUTERSH_BENCH_BEFORE;
    if (before) bins.push([' (before)', before]);
    const curl = hasCurl();
    const t: Record<string, number[]> = {};
    const add = (k: string, ms: number) => {
      t[k] ??= [];
      t[k].push(ms);
    };
    const show = ['--router', sims.routerUrl, '--user', 'admin', '-c', 'show interface'];
    // One warm-up round: the first start reads every file from disk, later ones from cache.
    for (let i = 0; i <= RUNS; i++) {
      const keep = i > 0 ? add : () => {};
      keep('node -e 0', timeRun('node', ['-e', '0'], env));
      for (const [label, bin] of bins) {
        keep(`routersh --version${label}`, timeRun('node', [bin, '--version'], env));
        keep(`-c show interface${label}`, timeRun('node', [bin, ...show], env));
      }
      keep('node:http POST', timeRun('node', ['-e', NODE_HTTP_POST, sims.routerUrl], env));
      if (curl) {
        const url = `${sims.routerUrl}/api/interface`;
        const args = ['-sf', '-u', 'admin:admin', '-H', 'content-type: application/json', '-o', '/dev/null'];
        keep('curl POST', timeRun('curl', [...args, '--data', '{"Actions":["SHOW"]}', url], env));
      }
    }
    const m = (k: string) => median(t[k] ?? []);
    const r: Record<string, number> = {};
    r['node -e 0 median ms (NODE_EXTRA_CA_CERTS unset for all)'] = m('node -e 0');
    r['node:http POST median ms'] = m('node:http POST');
    if (curl) r['curl POST median ms'] = m('curl POST');
    for (const [label] of bins) {
      r[`routersh --version${label} median ms`] = m(`routersh --version${label}`);
      r[`-c show interface${label} median ms`] = m(`-c show interface${label}`);
      r[`--version / node -e 0${label} (target ≤ 1.5)`] = m(`routersh --version${label}`) / m('node -e 0');
      r[`-c show interface / node:http${label} (target ≤ 3)`] =
        m(`-c show interface${label}`) / m('node:http POST');
    }
    return r;
  } finally {
    await sims.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchStartupLean());
}
