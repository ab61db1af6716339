// What a key does on the instructor's board, from the one keymap (`board.*`). The y/N question
// and the message prompt take every key while they are up; a trainee's detail answers only its
// own keys. Returns the pane's action, or the effect the hook runs. Pure.
import { isPaste, type Key } from '../../keys/key-parser.js';
import { type Command, resolveCommand } from '../../keys/keymap.js';
import type { ClassBoardAction, ClassBoardState } from './class-board-reducer.js';

/** Effects: leave; open the selected trainee; reset them; do what the question asked; send the message. */
export type BoardEffect = 'close' | 'open' | 'reset' | 'confirm' | 'send';
export type BoardKeyResult = ClassBoardAction | BoardEffect | 'ignore' | undefined;

/** PgUp/PgDn move this many rows (a screen of trainees on a small terminal). */
const PAGE = 10;

const BOARD: Partial<Record<Command, ClassBoardAction | BoardEffect>> = {
  'board.close': 'close',
  'board.up': { type: 'move', by: -1 },
  'board.down': { type: 'move', by: 1 },
  'board.pageUp': { type: 'move', by: -PAGE },
  'board.pageDown': { type: 'move', by: PAGE },
  'board.open': 'open',
  'board.reset': 'reset',
  'board.resetAll': { type: 'ask', ask: 'resetAll' },
  'board.message': { type: 'promptOpen' },
  'board.detailBack': { type: 'detailBack' },
  'board.detailUp': { type: 'detailScroll', by: -1 },
  'board.detailDown': { type: 'detailScroll', by: 1 },
  'board.confirmYes': 'confirm',
  'board.confirmNo': { type: 'answered' },
  'board.promptSend': 'send',
  'board.promptCancel': { type: 'promptClose' },
  'board.promptBackspace': { type: 'promptBackspace' },
};

function promptKey(key: Key): BoardKeyResult {
  if (isPaste(key)) return { type: 'promptInput', text: key.text.split('\n')[0] ?? '' };
  const command = resolveCommand(key, { mode: 'boardPrompt' });
  if (command !== undefined) return BOARD[command];
  if (key.ctrl || key.meta || key.sequence === '' || key.name !== key.sequence) return 'ignore';
  return { type: 'promptInput', text: key.sequence };
}

/** `n` asks only when there is a next lesson; on the last one it says so. */
function nextLesson(s: ClassBoardState): ClassBoardAction {
  const b = s.board;
  if (b && b.lessonIndex + 1 < b.lessons) return { type: 'ask', ask: 'next' };
  return { type: 'note', text: 'this is the last lesson of the class' };
}

export function classBoardKey(key: Key, s: ClassBoardState): BoardKeyResult {
  if (s.prompt !== null) return promptKey(key);
  if (isPaste(key)) return 'ignore';
  if (s.ask !== null) {
    const command = resolveCommand(key, { mode: 'boardConfirm' });
    return command !== undefined ? BOARD[command] : 'ignore';
  }
  if (s.detail !== null) {
    const command = resolveCommand(key, { mode: 'boardDetail' });
    return command !== undefined ? BOARD[command] : 'ignore';
  }
  const command = resolveCommand(key, { mode: 'board' });
  if (command === 'board.next') return nextLesson(s);
  return command !== undefined ? BOARD[command] : undefined;
}
