// The one call from candidate mode into the transaction (transaction.ts, helper tx's): a
// commit's steps sent all or none.
import type { ConfigLine, TxResult, TxStep } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import { commandFailedError } from '../../errors.js';

export interface CandidateTx {
  line: string;
  comment?: string;
  steps: TxStep[];
  before: ConfigLine[];
  window?: 'join' | { minutes: number };
}

export async function sendTransaction(_tx: CandidateTx, _env: HandlerEnv): Promise<TxResult> {
  throw commandFailedError('commit: the transaction engine is not built yet (commit check works)');
}
