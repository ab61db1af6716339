// Whether routersh colours its output, as the ecosystem reads the environment: `--no-color`
// first (the user said so on this line); then FORCE_COLOR as Node reads it ('', '1', '2', '3',
// 'true': on, even into a pipe; anything else, '0' or 'false': off); then NO_COLOR (set and not
// empty: off, no-color.org); then TERM=dumb (a terminal that cannot draw colour: off); else
// whether stdout is a terminal.
const FORCED_ON = new Set(['', '1', '2', '3', 'true']);

export function colorWanted(
  noColorFlag: boolean,
  env: { FORCE_COLOR?: string | undefined; NO_COLOR?: string | undefined; TERM?: string | undefined },
  isTTY: boolean,
): boolean {
  if (noColorFlag) return false;
  if (env.FORCE_COLOR !== undefined) return FORCED_ON.has(env.FORCE_COLOR);
  if (env.NO_COLOR) return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}
