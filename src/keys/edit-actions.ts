// The editor commands (`edit.*` of the keymap) as the line editor's actions.
import type { EditorAction } from './editor-action.js';
import type { Command } from './keymap.js';

// The editor commands are the line editor's actions under their keymap names.
const EDIT_ACTIONS: Partial<Record<Command, EditorAction>> = {
  'edit.left': { type: 'left' },
  'edit.right': { type: 'right' },
  'edit.home': { type: 'home' },
  'edit.end': { type: 'end' },
  'edit.wordLeft': { type: 'wordLeft' },
  'edit.wordRight': { type: 'wordRight' },
  'edit.backspace': { type: 'backspace' },
  'edit.delete': { type: 'delete' },
  'edit.killWordLeft': { type: 'killWordLeft' },
  'edit.killWordRight': { type: 'killWordRight' },
  'edit.killToEnd': { type: 'killToEnd' },
  'edit.killToStart': { type: 'killToStart' },
  'edit.yank': { type: 'yank' },
  'edit.yankPop': { type: 'yankPop' },
  'edit.transpose': { type: 'transpose' },
};

/** The line-editor action an `edit.*` command performs, if it is one. */
export function editActionFor(cmd: Command): EditorAction | undefined {
  return EDIT_ACTIONS[cmd];
}
