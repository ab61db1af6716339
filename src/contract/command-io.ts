// What a command (src/commands/) gets of the process: its streams, environment and signals.
// main.ts makes the one from `process`; `--record` hands on one whose streams are tees
// (features/record/); tests make their own. Nothing below commands/ reads `process` streams.
export interface CommandIo {
  /** Writes to stdout / stderr (through the same streams as below). */
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The terminal streams, for Ink and for terminal sizes. */
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  readonly stdin: NodeJS.ReadStream;
  readonly env: NodeJS.ProcessEnv;
  /** Calls `handler` on SIGINT or SIGTERM until the returned function is called. */
  readonly onInterrupt: (handler: () => void) => () => void;
  /** `--record`: the run is recorded; a secret the shell finds is kept out of the recording. */
  readonly recording?: { addSecret(value: string): void };
}

/** stdin and stdout are terminals: the interactive shell, questions and prompts are possible. */
export const isTerminal = (io: CommandIo): boolean => io.stdin.isTTY === true && io.stdout.isTTY === true;
