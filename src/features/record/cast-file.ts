// An asciicast v2 file (asciinema's format) written as the session runs: a JSON header line,
// then one JSON array per event — `[seconds, "o", text]` for output, `[seconds, "r", "COLSxROWS"]`
// for a resize. Every event is written with a synchronous write, so a crash keeps everything
// up to it; the file is private (0600) from its creation. Secrets known to the recording are
// masked in every output event (mask-secrets.ts).
import { closeSync, fchmodSync, openSync, writeSync } from 'node:fs';
import { usageError } from '../../errors.js';
import { maskKnownSecrets, maskTokens } from '../../term/mask-secrets.js';

export interface CastHeader {
  width: number;
  height: number;
  /** Unix seconds of the start. */
  timestamp: number;
  env: { TERM?: string | undefined; SHELL?: string | undefined };
  title?: string | undefined;
}

export interface CastFile {
  output(text: string): void;
  resize(cols: number, rows: number): void;
  /** A value never to appear in the file from now on (shorter than 3 characters: ignored). */
  addSecret(value: string): void;
  close(): void;
}

/** Secrets shorter than this are not searched for in later output (they would mask every `a`). */
export const MIN_SECRET = 3;

export function openCastFile(
  path: string,
  header: CastHeader,
  now: () => number = () => performance.now(),
): CastFile {
  let fd: number;
  try {
    fd = openSync(path, 'w', 0o600);
    fchmodSync(fd, 0o600); // an existing file keeps its mode on open
  } catch (e) {
    throw usageError(`cannot record to ${path}: ${(e as NodeJS.ErrnoException).code ?? 'unwritable'}`);
  }
  const start = now();
  const secrets = new Set<string>();
  const env: Record<string, string> = {};
  for (const k of ['SHELL', 'TERM'] as const) if (header.env[k]) env[k] = header.env[k] as string;
  const line = (value: unknown) => {
    if (fd < 0) return;
    try {
      writeSync(fd, `${JSON.stringify(value)}\n`);
    } catch {
      // A full disk ends the recording, never the session.
      closeSync(fd);
      fd = -1;
    }
  };
  const time = () => Math.round(now() - start) / 1000;
  line({
    version: 2,
    width: header.width,
    height: header.height,
    timestamp: header.timestamp,
    env,
    ...(header.title ? { title: header.title } : {}),
  });
  return {
    output(text) {
      if (text) line([time(), 'o', maskTokens(maskKnownSecrets(text, secrets))]);
    },
    resize(cols, rows) {
      line([time(), 'r', `${cols}x${rows}`]);
    },
    addSecret(value) {
      if (value.length >= MIN_SECRET) secrets.add(value);
    },
    close() {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}
