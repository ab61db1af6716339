// The board's effects, each started by a key (class-board-keys.ts): open a trainee (their detail
// read now and again at each change of the board), reset them, do what the y/N question asked
// (reset all, the next lesson), send the message. Each says what it did, or why it failed, in
// the note line; none blocks the keys.
import { useCallback, useEffect, useRef } from 'react';
import type { ClassBoardSource } from '../../contract/class-board.js';
import type { PaneStore } from '../kit/index.js';
import type { BoardEffect } from './class-board-keys.js';
import { type ClassBoardAction, type ClassBoardState, selectedName } from './class-board-reducer.js';
import { errorText } from './use-class-board-poll.js';

type Store = PaneStore<ClassBoardState, ClassBoardAction>;

export function useClassBoardEffects(store: Store, source: ClassBoardSource, onClose: () => void) {
  const closed = useRef(new AbortController());
  useEffect(() => () => closed.current.abort(), []);
  const say = useCallback(
    (work: Promise<void>, doing: string, done: string) => {
      store.dispatch({ type: 'note', text: `${doing}...` });
      work.then(
        () => store.dispatch({ type: 'note', text: done }),
        (e: unknown) => store.dispatch({ type: 'note', text: `${doing} failed: ${errorText(e)}` }),
      );
    },
    [store],
  );
  /** The open trainee's detail read again (after Enter, and whenever the board changes). */
  const readDetail = useCallback(() => {
    const name = store.get().detail?.name;
    if (name === undefined) return;
    source.trainee(name, closed.current.signal).then(
      (data) => store.dispatch({ type: 'detailLoaded', name, data }),
      (e: unknown) => {
        if (!closed.current.signal.aborted)
          store.dispatch({ type: 'detailFailed', name, error: errorText(e) });
      },
    );
  }, [store, source]);
  const run = useCallback(
    (effect: BoardEffect) => {
      const s = store.get();
      if (effect === 'close') return onClose();
      if (effect === 'open') {
        store.dispatch({ type: 'open' });
        return readDetail();
      }
      if (effect === 'reset') {
        const name = selectedName(s);
        if (name !== undefined)
          say(source.reset(name), `resetting ${name}'s router`, `${name}'s router is at the lesson's start`);
        return;
      }
      if (effect === 'confirm') {
        store.dispatch({ type: 'answered' });
        if (s.ask === 'resetAll')
          say(
            source.reset(undefined),
            'resetting every router',
            "every trainee's router is at the lesson's start",
          );
        if (s.ask === 'next')
          say(source.next(), 'moving to the next lesson', 'the class is on the next lesson, step 1');
        return;
      }
      const text = (s.prompt ?? '').trim();
      store.dispatch({ type: 'promptClose' });
      if (text !== '') say(source.message(text), 'sending the message', 'message sent to every trainee');
    },
    [store, source, onClose, say, readDetail],
  );
  return { run, readDetail };
}
