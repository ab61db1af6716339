// Text from a server (router messages, log records, labels) must not drive the terminal:
// escape sequences are removed and other control characters made visible. Newlines and
// tabs survive where the caller allows them (multi-line messages).

// CSI, OSC (terminated by BEL or ST), and other two-byte ESC sequences.
const ANSI_SEQUENCE =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[PX^_][^\u001b]*(?:\u001b\\)?|[@-Z\\-_])/g;
// C0 controls except TAB and LF, DEL, and C1 controls (0x80–0x9f act as CSI etc. on some terminals).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const CONTROL_NO_NEWLINE = /[\u0000-\u001f\u007f-\u009f]/g;

function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code === 0x0d) return '';
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  return `\\x${code.toString(16).padStart(2, '0')}`;
}

/** Sanitizes multi-line text: keeps LF and TAB, drops CR, removes escapes, shows the rest. */
export function sanitizeText(text: string): string {
  return text.replace(ANSI_SEQUENCE, '').replace(CONTROL, visible);
}

/** Sanitizes a single-line field (a label, a word): no newline survives. */
export function sanitizeLine(text: string): string {
  return text
    .replace(ANSI_SEQUENCE, '')
    .replace(/\r?\n/g, ' ')
    .replace(CONTROL_NO_NEWLINE, (c) => (c === '\t' ? ' ' : visible(c)));
}
