// The prompt's text: one function, for Ink's prompt line and the plain prompt drawn before Ink
// has loaded (early-prompt.ts). Imports nothing, so the early path loads nothing more.

/**
 * `user@host(context) [candidate 3] [confirm 4m59s]> `: in candidate mode the count of staged
 * lines, and the open window's tag (WindowPort.tag: `confirm 4m59s`, or `unguarded 3m12s` once
 * its guard is gone) when one is open.
 */
export function promptText(
  label: string,
  context: readonly string[],
  window?: string,
  staged?: number,
): string {
  const tag = (staged === undefined ? '' : ` [candidate ${staged}]`) + (window ? ` [${window}]` : '');
  return context.length ? `${label}(${context.join(' ')})${tag}> ` : `${label}${tag}> `;
}
