// The ping feature's part of the panes' sources: the ping pane's (`ping … | graph`).
import type { PaneSources } from '../../contract/pane-sources.js';
import type { RouterPort } from '../../contract/services.js';
import { pingSource } from './ping-source.js';

export function pingPaneSources(router: () => RouterPort): Pick<PaneSources, 'ping'> {
  return { ping: (spec) => pingSource(router(), spec) };
}
