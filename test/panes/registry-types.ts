// Compile-time test of the pane recipe, checked by the typecheck (`npm run typecheck`, part of
// `npm test`): the registry (src/panes/registry.ts) and the panes' sources port
// (contract/pane-sources.ts) are mapped over the pane kinds of contract/panes.ts, so a kind
// missing in either, or a line for a kind PaneKinds lacks, does not compile; a registry line's
// key mode is one of the keymap's (keys/keymap.ts: Mode is made of its table), so a pane whose
// keys are missing there does not compile either. Each
// `@ts-expect-error` below fails the typecheck if the error it expects goes away.
import type { PaneSources } from '../../src/contract/pane-sources.js';
import type { PaneKind, PaneSpec } from '../../src/contract/panes.js';
import { PANES, type PaneRegistry } from '../../src/panes/registry.js';

const { chart: _chart, ...withoutChart } = PANES;
// @ts-expect-error a registry without a line for one kind ('chart') does not compile
export const registryMissingAKind: PaneRegistry = withoutChart;

export const registryWithAStrangeKind: PaneRegistry = {
  ...PANES,
  // @ts-expect-error a registry line for a kind PaneKinds lacks does not compile
  ping2: PANES.chart,
};

export const registryLineWithAModeTheKeymapLacks: PaneRegistry = {
  ...PANES,
  // @ts-expect-error a pane's key mode is a mode of the keymap's table (keys/keymap.ts): one it lacks does not compile
  ping: { ...PANES.ping, keys: 'ping2' },
};

declare const sources: PaneSources;
const { monitor: _monitor, ...withoutMonitor } = sources;
// @ts-expect-error a sources port without one kind ('monitor') does not compile
export const sourcesMissingAKind: PaneSources = withoutMonitor;

// PaneSpec is made from PaneKinds: its variants are the kinds, no more, no fewer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const specKindsAreTheKinds: Same<PaneSpec['pane'], PaneKind> = true;
export const registryKindsAreTheKinds: Same<keyof typeof PANES, PaneKind> = true;
