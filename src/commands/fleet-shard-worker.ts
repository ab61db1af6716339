// A fleet run's second thread (commands/fleet-threads.ts): it serves one share of the run's
// hosts with the main thread's share code (fleet-shard.ts) and posts what it finds. Ctrl-C
// reaches it as a message from the main thread, which alone has the terminal and the signals.
import { setMaxListeners } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { runShard, type ShardInput } from './fleet-shard.js';
import { type ShardMessage, wireResult } from './fleet-threads.js';

export function serveShard(): void {
  const port = parentPort;
  if (!port) return;
  const post = (m: ShardMessage) => port.postMessage(m);
  const controller = new AbortController();
  // Its share first (fleet-threads.ts), then at most an abort. The port, listened to, keeps the
  // thread alive until the share is served; then the thread ends.
  const onMessage = (m: { input?: ShardInput; abort?: boolean }) => {
    if (m?.abort) controller.abort();
    else if (m?.input) void serve(m.input).finally(() => port.off('message', onMessage));
  };
  port.on('message', onMessage);
  const serve = async (input: ShardInput) => {
    // As the main thread's run (fleet-batch.ts): what runs per host listens on the share's signal.
    setMaxListeners(input.forks + 64, controller.signal);
    try {
      await runShard(
        input,
        (e) => post(e.kind === 'record' ? { kind: 'record', result: wireResult(e.result) } : e),
        controller.signal,
      );
      post({ kind: 'done' });
    } catch (e) {
      post({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };
}
