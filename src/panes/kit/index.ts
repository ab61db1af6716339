// The pane kit: a pane hook is its reducer + these two hooks + its effects, nothing else.
//
//   export function usePingPane(o: PingPaneOptions): PingState {
//     const [state, store] = usePaneStore(pingReducer, () => initPingState(o.now()));
//     // One key at a time (one grapheme, or one paste); `s` is the state the last key left.
//     usePaneKeys(store, (key, s) => {
//       const command = resolveCommand(key, { mode: 'ping' });
//       if (command === 'ping.close') {
//         o.onClose();
//         return true; // used, nothing to apply
//       }
//       return command && ACTIONS[command]; // an action is applied to the store at once
//     });
//     usePingReads(o, store); // the effects: store.dispatch({ type: 'reply', ... })
//     return state;
//   }
//
// Effects read the current state with `store.get()` (never a `useRef` copy of it) and change it
// only with `store.dispatch(action)`. Keys never need splitting: the key source does it once.
export { usePaneKeys, type PaneKeyResult, type PaneKeysOptions } from './use-pane-keys.js';
export { usePaneStore } from './use-pane-store.js';
export { createPaneStore, createStore, type PaneStore, type Store } from './store.js';
