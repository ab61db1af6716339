// The board kept live: a long poll of the board (`after` the version shown), the next one sent
// as soon as an answer comes, so a passed step is on screen as soon as the server has it; a
// failed read is said and tried again after a growing pause (1 s … 10 s); an answer with no
// change that came at once waits a second (a server that never holds the poll is not hammered).
// A clock tick each second ages "time on step". Everything stops when the pane closes.
import { useEffect } from 'react';
import type { ClassBoardSource } from '../../contract/class-board.js';
import type { PaneStore } from '../kit/index.js';
import type { ClassBoardAction, ClassBoardState } from './class-board-reducer.js';

type Store = PaneStore<ClassBoardState, ClassBoardAction>;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function useClassBoardPoll(store: Store, source: ClassBoardSource, onChange: () => void): void {
  useEffect(() => {
    const ac = new AbortController();
    const loop = async () => {
      let after: number | undefined;
      let failures = 0;
      while (!ac.signal.aborted) {
        const asked = Date.now();
        try {
          const board = await source.board(after, ac.signal);
          if (ac.signal.aborted) return;
          failures = 0;
          const changed = board.version !== after;
          after = board.version;
          if (changed) {
            store.dispatch({ type: 'loaded', board, at: Date.now() });
            onChange();
          } else if (Date.now() - asked < 1000) await sleep(1000, ac.signal);
        } catch (e) {
          if (ac.signal.aborted) return;
          failures++;
          // A restarted server counts its versions from 1 again: the next read asks for the board now.
          after = undefined;
          store.dispatch({ type: 'failed', error: errorText(e) });
          await sleep(Math.min(10_000, 500 * 2 ** failures), ac.signal);
        }
      }
    };
    void loop();
    const tick = setInterval(() => store.dispatch({ type: 'tick', at: Date.now() }), 1000);
    return () => {
      ac.abort();
      clearInterval(tick);
    };
  }, [source, store, onChange]);
}
