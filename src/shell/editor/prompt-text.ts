// The prompt's text: one function, for Ink's prompt line and the plain prompt drawn before Ink
// has loaded (early-prompt.ts). Imports nothing, so the early path loads nothing more.

/** `user@host(context) [confirm 4m59s]> `: the window's time left when one is open. */
export function promptText(label: string, context: readonly string[], windowLeft?: string): string {
  const tag = windowLeft ? ` [confirm ${windowLeft}]` : '';
  return context.length ? `${label}(${context.join(' ')})${tag}> ` : `${label}${tag}> `;
}
