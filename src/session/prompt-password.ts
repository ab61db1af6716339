// Reads a password from the terminal without echo (raw mode), restoring the mode on every
// path. Ctrl-C aborts (exit 1 by the caller), Ctrl-U clears, Backspace deletes.
import { cancelledError } from '../errors.js';

export function promptPassword(
  prompt: string,
  stdin: NodeJS.ReadStream = process.stdin,
  out: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const wasRaw = stdin.isRaw;
    const done = (err?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(wasRaw);
      stdin.pause();
      out.write('\n');
      if (err) reject(err);
      else resolve(buf);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(cancelledError('password prompt cancelled'));
        if (ch === '\u0004' && buf === '') return done(cancelledError('password prompt cancelled'));
        if (ch === '\u0015') buf = '';
        else if (ch === '\u007f' || ch === '\b') buf = [...buf].slice(0, -1).join('');
        else if (ch >= ' ') buf += ch;
      }
    };
    // Echo off before the prompt shows: a key typed as soon as the prompt is seen (a paste, a
    // fast typist, a loaded machine that runs this process late) is never echoed by the terminal.
    stdin.setRawMode(true);
    out.write(prompt);
    stdin.resume();
    stdin.on('data', onData);
  });
}
