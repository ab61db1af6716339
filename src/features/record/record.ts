// `--record FILE.cast`: every byte routersh writes to the terminal goes to an asciicast v2 file
// too. The command is handed streams that are tees — the real stream's `write` plus the cast
// file — and writes only through them (Ink's frames, the shell's output, main's error line);
// nothing replaces a stream's own `write`. stderr is recorded when it is the same terminal as
// stdout.
import { basename } from 'node:path';
import type { CommandIo } from '../../contract/command-io.js';
import { streamWith } from '../../term/ink-stdout.js';
import { type CastFile, openCastFile } from './cast-file.js';

export interface Recording {
  /** The command's I/O, its output streams tees into the recording. */
  io: CommandIo;
  stop(): void;
}

/** `stream`, with every write also handed to `tap` (the same object for every other property). */
export function teeStream(stream: NodeJS.WriteStream, tap: (text: string) => void): NodeJS.WriteStream {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8';
    tap(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString(encoding));
    return (stream.write as (...a: unknown[]) => boolean).call(stream, chunk, ...rest);
  };
  return streamWith(stream, { write });
}

export function startRecording(path: string, io: CommandIo, title = `routersh ${basename(path)}`): Recording {
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
  const out = teeStream(stdout, output);
  const err = stderr.isTTY && stdout.isTTY ? teeStream(stderr, output) : stderr;
  const onResize = () => cast.resize(stdout.columns, stdout.rows);
  stdout.on('resize', onResize);
  return {
    io: {
      ...io,
      stdout: out,
      stderr: err,
      out: (text) => void out.write(text),
      err: (text) => void err.write(text),
      recording: { addSecret: (value) => cast.addSecret(value) },
    },
    stop() {
      stdout.off('resize', onResize);
      cast.close();
    },
  };
}
