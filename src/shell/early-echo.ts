// What the plain prompt shows of the keys typed before Ink has loaded (early-prompt.ts). Only
// what is certain is echoed: printable ASCII and Backspace. The first other key (Enter, Tab, an
// arrow, a control key, a non-ASCII character, a key past the line's room) ends the echo — its
// effect is the shell's to show — and the keys wait, all of them, for the shell's key source.
// Imports nothing.

export interface EarlyEcho {
  /** The text echoed after the prompt. */
  readonly typed: string;
  /** False once a key was met whose effect only the shell knows. */
  readonly echoing: boolean;
}

export const NO_ECHO: EarlyEcho = { typed: '', echoing: true };

/** The echo after `chunk` is typed; `room` is how many columns the line may take. */
export function echoKeys(echo: EarlyEcho, chunk: string, room: number): EarlyEcho {
  let { typed, echoing } = echo;
  for (let i = 0; echoing && i < chunk.length; i++) {
    const code = chunk.charCodeAt(i);
    if (code === 0x7f || code === 0x08) typed = typed.slice(0, -1);
    // A line longer than the room would wrap, which the plain prompt does not draw.
    else if (code >= 0x20 && code < 0x7f && typed.length < room) typed += chunk[i];
    else echoing = false;
  }
  return typed === echo.typed && echoing === echo.echoing ? echo : { typed, echoing };
}
