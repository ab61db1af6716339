// The one origin's undici dispatcher (no proxy): a Client (one connection) or a Pool, as
// undici's Agent makes one per origin, without the Agent above it. A transport never sends
// elsewhere (a redirect is followed only within the origin), and the Agent cost every client
// its constructor (a deep clone of its options), every request a dispatch through it and every
// close a walk of its clients: ~5 % of a 1,000-host fleet run's CPU (docs/benchmarks.md). Its
// one rule that matters is kept here: once none of a dispatcher's connections is left (the
// server closed it, an aborted exchange's socket was destroyed), it is closed and the next call
// makes a new one; undici connects again at once and kept that connection idle until its
// keep-alive timeout (10 s after each aborted exchange).
import type { Client as UndiciClient } from 'undici';
// By path, not from 'undici': its index loads all of undici (src/http/undici-lib.d.ts).
import Client from 'undici/lib/dispatcher/client.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import type { ClosableDispatcher } from './proxy-agent.js';

export class OriginDispatcher {
  private current: ClosableDispatcher | undefined;
  /** Dispatchers retired while they close (their requests still running end on their own). */
  private readonly retired = new Set<ClosableDispatcher>();

  constructor(
    private readonly origin: string,
    private readonly connections: number,
    private readonly options: UndiciClient.Options,
  ) {}

  /** The dispatcher to send through now: the one in use, or a new one (made on first use). */
  get(): ClosableDispatcher {
    const now = this.current;
    if (now && !now.closed && !now.destroyed) return now;
    const d = (this.connections === 1
      ? new Client(this.origin, this.options)
      : new Pool(this.origin, this.options)) as unknown as ClosableDispatcher;
    let connected = 0;
    const unused = () => {
      if (connected > 0) return;
      if (this.current === d) this.current = undefined;
      if (d.closed || d.destroyed) return;
      this.retired.add(d);
      d.close()
        .catch(() => {})
        .finally(() => this.retired.delete(d));
    };
    d.on('connect', () => {
      connected++;
    });
    d.on('disconnect', () => {
      connected--;
      unused();
    });
    d.on('connectionError', unused);
    this.current = d;
    return d;
  }

  /** The dispatchers not yet destroyed: the one in use and those retired while they close. */
  live(): ClosableDispatcher[] {
    return [...(this.current ? [this.current] : []), ...this.retired].filter((d) => !d.destroyed);
  }
}
