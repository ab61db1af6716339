// What only the interactive shell uses of the features, loaded with it: the panes' sources
// (pane-sources.ts) and the confirmed-change window as the shell meets it (its time left in
// the prompt, and what leaving the shell with one open does).
import type { Services, WindowPort } from '../contract/services.js';
import {
  confirmNow,
  guardGone,
  hasGuard,
  revertNow,
  settleHint,
  windowTag,
} from '../features/changes/confirm.js';
import { paneSources } from './pane-sources.js';

export function shellPorts(services: () => Services): Pick<Services, 'panes' | 'windows'> {
  const opened = () => services().journal?.opened();
  const windows: WindowPort = {
    tag: (now) => windowTag(opened(), now),
    guarded: () => {
      const j = opened();
      return j !== undefined && hasGuard(j);
    },
    unguarded: () => {
      const j = opened();
      return j !== undefined && guardGone(j);
    },
    settleHint: () => {
      const j = opened();
      return j ? settleHint(j) : '';
    },
    revertNow: (say) => revertNow(services(), say),
    confirmNow: () => confirmNow(services()),
  };
  return { panes: paneSources(services), windows };
}
