// Colour for text written to a terminal (or a pipe with FORCE_COLOR): the SGR pairs routersh
// uses and `compare`'s diff paint. Callers pass text already sanitized; only these codes are added.
export const SGR = {
  red: ['\u001b[31m', '\u001b[39m'],
  green: ['\u001b[32m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
} as const;

export const paint = (style: readonly [string, string], text: string): string =>
  `${style[0]}${text}${style[1]}`;

/** `compare`: `-` lines red, `+` lines green. */
export function paintDiff(text: string): string {
  return text
    .split('\n')
    .map((l) => (l.startsWith('-') ? paint(SGR.red, l) : l.startsWith('+') ? paint(SGR.green, l) : l))
    .join('\n');
}
