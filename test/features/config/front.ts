// A plain node:http front for the router simulator, for the walk's tests: it forwards every
// request, and lets a test rewrite one answer (a router that shows a secret in its metadata),
// fail one path (a node that cannot be read) or hold one until released (a walk under way).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Rule =
  | { fail: number }
  | { rewrite: (body: Record<string, unknown>) => Record<string, unknown> }
  | { hold: Promise<void>; reached: () => void };

export interface Front {
  url: string;
  /** Rules by the request's path (`/api/system/user`), applied to GETs. */
  rules: Map<string, Rule>;
  /** Paths whose request the client gave up before its answer (a cancelled read). */
  abandoned: string[];
  close(): Promise<void>;
}

export async function startFront(target: string): Promise<Front> {
  const to = new URL(target);
  const rules = new Map<string, Rule>();
  const abandoned: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const rule = req.method === 'GET' ? rules.get(decodeURIComponent(path)) : undefined;
    if (rule && 'fail' in rule) {
      res.writeHead(rule.fail, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ RequestStatus: 'FAIL', ErrorStatus: `injected ${rule.fail}` }));
      return;
    }
    const forward = async () => {
      if (rule && 'hold' in rule) {
        res.on('close', () => {
          if (!res.writableEnded) abandoned.push(path);
        });
        rule.reached();
        await rule.hold;
        if (res.destroyed) return;
      }
      const up = request(
        { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            let body = Buffer.concat(chunks).toString('utf8');
            if (rule && 'rewrite' in rule) body = JSON.stringify(rule.rewrite(JSON.parse(body)));
            const headers = { ...answer.headers };
            delete headers['content-length'];
            delete headers['transfer-encoding'];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          });
        },
      );
      req.pipe(up);
    };
    void forward();
  });
  // Idle connections outlive a loaded worker's stalls (the server shares the client's thread).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    rules,
    abandoned,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
