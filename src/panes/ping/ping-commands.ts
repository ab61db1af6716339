// What a key does in the ping pane, from the one keymap (`ping.*` commands).
import { isPaste, type Key } from '../../keys/key-parser.js';
import { resolveCommand } from '../../keys/keymap.js';

export type PingKeyResult = 'close' | 'pause' | undefined;

/** One key → 'close' (q, Escape, Ctrl-C), 'pause' (p or Space: pause or resume), or nothing. */
export function pingKeyAction(key: Key): PingKeyResult {
  if (isPaste(key)) return undefined;
  const command = resolveCommand(key, { mode: 'ping' });
  return command === 'ping.close' ? 'close' : command === 'ping.pause' ? 'pause' : undefined;
}
