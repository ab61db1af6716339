// The instructor's board pane: its reducer in the kit's store, its keys through the one key
// hook (class-board-keys.ts decides, the effects hook acts), the board kept live by a long poll.
import type { ClassBoardSource } from '../../contract/class-board.js';
import { usePaneKeys, usePaneStore } from '../kit/index.js';
import { classBoardKey } from './class-board-keys.js';
import { type ClassBoardState, classBoardReducer, initClassBoardState } from './class-board-reducer.js';
import { useClassBoardEffects } from './use-class-board-effects.js';
import { useClassBoardPoll } from './use-class-board-poll.js';

export interface ClassBoardPaneOptions {
  source: ClassBoardSource;
  onClose: () => void;
}

export function useClassBoardPane(o: ClassBoardPaneOptions): ClassBoardState {
  const [state, store] = usePaneStore(classBoardReducer, () => initClassBoardState());
  const { run, readDetail } = useClassBoardEffects(store, o.source, o.onClose);
  useClassBoardPoll(store, o.source, readDetail);
  usePaneKeys(store, (key, s) => {
    const result = classBoardKey(key, s);
    if (result === undefined || result === 'ignore') return result === 'ignore';
    if (typeof result === 'object') return result;
    run(result);
    return true;
  });
  return state;
}
