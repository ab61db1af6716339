// The stdout the shell gives Ink. Ink wipes the terminal (ESC[2J ESC[3J, then all its static
// output again) whenever the frame it drew last is at least `stdout.rows` tall (ink.js
// onRender) — always the case right after the terminal shrinks under a full-screen pane or a
// tall menu, however small the next frame is. We keep the live region within rows − 1
// ourselves, sized from the real rows before Ink renders (use-terminal-size.ts), so Ink is
// told there is no row limit: it then erases its last frame line by line, as on any render.
// Everything else (write, columns, isTTY, events) is the real stream's.

const REAL = Symbol('routersh.realStdout');
/** What Ink reads as `rows`: never reached by a frame, so the clear-terminal path never runs. */
export const UNBOUNDED_ROWS = 100_000;

export function inkStdout(stdout: NodeJS.WriteStream): NodeJS.WriteStream {
  return streamWith(stdout, { rows: UNBOUNDED_ROWS, [REAL]: stdout });
}

/**
 * `stream` with some properties of its own (`own`); every other property is the stream's, its
 * methods bound to it once, so `off(event, fn)` and identity checks see the same function each
 * time. (A recording's tee is one: features/record/.)
 */
export function streamWith(
  stream: NodeJS.WriteStream,
  own: Readonly<Record<PropertyKey, unknown>>,
): NodeJS.WriteStream {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(stream, {
    get(target, prop) {
      if (Object.hasOwn(own, prop)) return own[prop];
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      let fn = bound.get(prop);
      if (fn === undefined) {
        fn = (value as (...a: unknown[]) => unknown).bind(target);
        bound.set(prop, fn);
      }
      return fn;
    },
    set: (target, prop, value) => Reflect.set(target, prop, value, target),
  });
}

/** The stream behind an `inkStdout` (the stream itself otherwise): its `rows` are the real ones. */
export function realStdout<T extends object>(stdout: T): T {
  return ((stdout as Record<PropertyKey, unknown>)[REAL] as T | undefined) ?? stdout;
}
