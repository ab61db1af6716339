// A second producer for the one key source: `routersh play` types a script into the shell.
// Its chunks go into the same key parser as stdin's (KeyProvider), and stdin's chunks pass
// through it first, so the presenter's keys can pace the script or take the keyboard.

export interface KeyFeedIO {
  /** Text for the key parser, as if read from stdin. */
  push(chunk: string): void;
  /** Text written above the live region (Ink's write): a caption. */
  print(text: string): void;
}

export interface KeyFeed {
  /** Called when the key source starts; returns the detach. */
  attach(io: KeyFeedIO): () => void;
  /** Every chunk read from stdin, first: returns what the shell gets ('' for nothing). */
  fromStdin(chunk: string): string;
  /** The shell is at its prompt (nothing running, no pane, no `--More--`), or not. */
  setReady(ready: boolean): void;
}
