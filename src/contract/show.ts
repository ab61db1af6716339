// What the `| refresh` pane needs: the line run once more (made once per pane in
// src/shell/open-pane.ts through the shell's own runner). A failed run rejects with the error
// the shell would print; the pane shows it in place and keeps refreshing.
export interface ShowSource {
  /** The line's output as text (unsanitized: the pane sanitizes what it draws). */
  read(signal: AbortSignal): Promise<string>;
}
