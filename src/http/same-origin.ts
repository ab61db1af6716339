// Refuses any redirect hop that leaves the origin before it is attempted. undici's redirect
// interceptor strips Authorization across origins but KEEPS custom headers (X-API-Key), and
// credentials must not even start towards another host. Composed inside the redirect
// interceptor so it sees every hop.
import type { Dispatcher } from 'undici';
import { type Peer, redirectRefused } from './transport-errors.js';

export function sameOriginOnly(origin: string, peer: Peer): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const target = opts.origin === undefined ? origin : new URL(String(opts.origin)).origin;
    if (target !== origin) {
      handler.onResponseError?.(
        null as unknown as Dispatcher.DispatchController,
        redirectRefused(peer, target),
      );
      return true;
    }
    return dispatch(opts, handler);
  };
}
