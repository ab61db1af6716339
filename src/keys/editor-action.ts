// What an editing key does to the prompt line: the keymap's vocabulary (keymap.ts binds keys to
// these); the line editor (shell/editor/line-editor.ts) carries them out.
export type EditorAction =
  | { type: 'insert'; text: string }
  | { type: 'backspace' }
  | { type: 'delete' }
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' }
  | { type: 'wordLeft' }
  | { type: 'wordRight' }
  | { type: 'killWordLeft' }
  | { type: 'killWordRight' }
  | { type: 'killToEnd' }
  | { type: 'killToStart' }
  | { type: 'yank' }
  | { type: 'yankPop' }
  | { type: 'transpose' }
  | { type: 'set'; text: string; cursor?: number }
  | { type: 'clear' };
