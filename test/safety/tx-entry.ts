// A small real entry point for the SIGKILL cases of a transaction (transaction-kill.test.ts):
// a process that opens a session of the product as a one-shot command does (the environment's
// router URL as its argument, admin's login, the environment's state directory; the journal in
// its file) and runs the harness's
// transaction through runTransaction, to be killed at a step.
import { runTransaction } from '../../src/features/config/transaction.js';
import { openSession } from '../../src/session/session.js';
import { simConfig } from '../helpers/sim-config.js';
import { STEPS } from './tx-steps.js';

const cfg = simConfig(process.argv[2]!, { timeoutMs: 5000 });
const session = await openSession(cfg, {
  interactive: false,
  warn: () => {},
  env: process.env,
  telemetry: 'at-once',
  journal: 'file',
  yes: true,
});
const r = await runTransaction(
  { line: 'config load merge test.conf', steps: STEPS, before: [] },
  { state: { context: [] }, services: session.services, io: {}, signal: new AbortController().signal },
);
process.stdout.write(`${r.state}\n`);
await session.close();
