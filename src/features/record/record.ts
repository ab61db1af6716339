// `--record FILE.cast`: every byte routersh writes to the terminal goes to an asciicast v2 file
// too. The one place all terminal output passes is the streams' own `write` (Ink's frames
// through inkStdout, the shell's output through Ink's write, suspend's mode switches, main's
// error lines), so the tee sits there, installed before anything is written and removed at
// the end. stderr is recorded when it is the same terminal as stdout.
import { basename } from 'node:path';
import { type CastFile, openCastFile } from './cast-file.js';

export interface Recording {
  /** A secret value the recording must never show (the shell's redaction found it). */
  addSecret(value: string): void;
  stop(): void;
}

type Write = NodeJS.WriteStream['write'];

/** Replaces `stream.write` with one that also hands the text to `tap`; returns the undo. */
function tee(stream: NodeJS.WriteStream, tap: (text: string) => void): () => void {
  const own = Object.hasOwn(stream, 'write');
  const original = stream.write;
  const write = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8';
    tap(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString(encoding));
    return (original as (...a: unknown[]) => boolean).call(stream, chunk, ...rest);
  } as Write;
  stream.write = write;
  return () => {
    if (stream.write !== write) return;
    if (own) stream.write = original;
    else delete (stream as { write?: Write }).write;
  };
}

export function startRecording(
  path: string,
  io: { stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream; env: NodeJS.ProcessEnv },
  title = `routersh ${basename(path)}`,
): Recording {
  const { stdout, stderr } = io;
  const cast: CastFile = openCastFile(path, {
    width: stdout.columns || 80,
    height: stdout.rows || 24,
    timestamp: Math.floor(Date.now() / 1000),
    env: { TERM: io.env.TERM, SHELL: io.env.SHELL },
    title,
  });
  // What the terminal receives: its driver turns each LF into CR LF (ONLCR, kept by Node's raw
  // mode), and a player replays the bytes as received.
  const output = (text: string) => cast.output(stdout.isTTY ? text.replace(/\n/g, '\r\n') : text);
  const undo = [tee(stdout, output)];
  if (stderr.isTTY && stdout.isTTY) undo.push(tee(stderr, output));
  const onResize = () => cast.resize(stdout.columns, stdout.rows);
  stdout.on('resize', onResize);
  return {
    addSecret: (value) => cast.addSecret(value),
    stop() {
      stdout.off('resize', onResize);
      for (const u of undo) u();
      cast.close();
    },
  };
}
