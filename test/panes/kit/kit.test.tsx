// The pane kit: a burst of keys read at once is applied in order, each key seeing the state the
// previous one left (no React render between them); what the pane does not use goes on to the
// consumers under it; effects dispatch into the same store and React draws what it holds.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { KeyProvider } from '../../../src/panes/key-source/KeyProvider.js';
import { useKeys } from '../../../src/panes/key-source/use-keys.js';
import { createPaneStore, type PaneStore, usePaneKeys, usePaneStore } from '../../../src/panes/kit/index.js';
import { waitFor } from '../../helpers/ink.js';

type Act = { type: 'down' } | { type: 'set'; at: number };
const reducer = (s: { at: number }, a: Act) => ({ at: a.type === 'down' ? Math.min(s.at + 1, 2) : a.at });

describe('createPaneStore', () => {
  it('applies each action at once and tells the listeners only of a change', () => {
    const store = createPaneStore(reducer, { at: 0 });
    let told = 0;
    store.subscribe(() => told++);
    store.dispatch({ type: 'down' });
    expect(store.get()).toEqual({ at: 1 });
    store.dispatch({ type: 'set', at: 1 });
    store.dispatch({ type: 'down' });
    expect(store.get()).toEqual({ at: 2 });
    expect(told).toBe(3);
  });
});

describe('usePaneKeys', () => {
  it('applies a burst in order, each key seeing the last one’s state; unused keys fall through', async () => {
    const seen: string[] = [];
    const under: string[] = [];
    let paneStore: PaneStore<{ at: number }, Act> | undefined;
    function Shell() {
      useKeys((k) => {
        under.push(k.name);
        return true;
      });
      return null;
    }
    function Pane() {
      const [state, store] = usePaneStore(reducer, () => ({ at: 0 }));
      paneStore = store;
      usePaneKeys(store, (key, s): Act | boolean | undefined => {
        seen.push(`${key.name}@${s.at}`);
        if (key.name === 'down') return s.at < 2 ? { type: 'down' } : false; // at the end: not used
        return key.name === 'home' ? { type: 'set', at: 0 } : undefined;
      });
      return <Text>at {state.at}</Text>;
    }
    const app = render(
      <KeyProvider>
        <Shell />
        <Pane />
      </KeyProvider>,
    );
    // Four Down arrows and a Home in one read: no render happens between them.
    app.stdin.write('\u001b[B\u001b[B\u001b[B\u001b[B\u001b[Hx');
    await waitFor(() => expect(seen).toEqual(['down@0', 'down@1', 'down@2', 'down@2', 'home@2', 'x@0']));
    expect(app.lastFrame()).toBe('at 0');
    expect(under).toEqual(['down', 'down', 'x']);
    paneStore?.dispatch({ type: 'set', at: 2 }); // an effect's dispatch is drawn too
    await waitFor(() => expect(app.lastFrame()).toBe('at 2'));
    app.unmount();
  });
});
