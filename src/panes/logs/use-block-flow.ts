// The effects of `b` (block-flow.ts decides the steps): read the router's lists, show the
// request the line would send, send it after `y`. Each read is aborted when the step changes
// or the pane closes; the answer (or the error) ends the flow on the status line.
import { type Dispatch, useEffect, useRef } from 'react';
import type { BlockAction, BlockFlow } from './block-flow.js';
import type { LogAction } from './log-reducer.js';
import type { MatchListPort } from '../../contract/logs.js';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useBlockFlow(
  flow: BlockFlow | null,
  port: MatchListPort | undefined,
  dispatch: Dispatch<LogAction>,
): void {
  // The list chosen last is offered first next time.
  const lastList = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!flow || !port) return;
    const c = new AbortController();
    const step = (action: BlockAction) => {
      if (!c.signal.aborted) dispatch({ type: 'block', action });
    };
    const failed = (e: unknown) => step({ type: 'done', note: `error: ${message(e)}` });
    switch (flow.step) {
      case 'lists':
        port
          .lists(c.signal)
          .then((lists) => step({ type: 'lists', lists, preferred: lastList.current }), failed);
        break;
      case 'preview':
        lastList.current = flow.list;
        port
          .preview(flow.list, flow.address, c.signal)
          .then((p) => step({ type: 'preview', line: p.line, request: p.request }), failed);
        break;
      case 'sending':
        port.run(flow.line, c.signal).then((answer) => step({ type: 'done', note: answer }), failed);
        break;
      default:
        break;
    }
    return () => c.abort();
  }, [flow, port, dispatch]);
}
