/**
 * Six hex digits that tell one session's journal records and file from another's: not a secret,
 * so V8's per-process seeded Math.random serves, where node:crypto (17 modules, ~12 ms of CPU)
 * was loaded by every shell for these 3 bytes, just after its prompt.
 */
export const newSessionId = (): string =>
  Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0');
