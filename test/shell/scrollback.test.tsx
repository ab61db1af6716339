// The scrollback stays bounded: Ink's <Static> has written older items already, so only
// the ones not yet written are held; everything still reaches the terminal once, in order.
import { render } from 'ink-testing-library';
import { useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import {
  emptyScrollback,
  item,
  pushItems,
  type Scrollback,
  SCROLLBACK_MAX,
} from '../../src/shell/scrollback.js';
import { ScrollbackView } from '../../src/shell/ScrollbackView.js';
import { createStore } from '../../src/shell/store.js';
import { plain, waitFor } from '../helpers/ink.js';

describe('pushItems', () => {
  it('appends while there is room, then starts an epoch holding only what was not written', () => {
    const a = pushItems(emptyScrollback, [item('output', 'a'), item('output', 'b')], 0, 3);
    expect(a.items.map((i) => i.text)).toEqual(['a', 'b']);
    const b = pushItems(a, [item('output', 'c')], 2, 3);
    expect(b).toMatchObject({ epoch: 0 });
    // Full: a and b were written, c was not yet.
    const c = pushItems(b, [item('output', 'd')], 2, 3);
    expect(c.epoch).toBe(1);
    expect(c.items.map((i) => i.text)).toEqual(['c', 'd']);
  });
});

describe('ScrollbackView', () => {
  it('holds at most SCROLLBACK_MAX items after many pushes and writes every line once, in order', async () => {
    const store = createStore<Scrollback>(emptyScrollback);
    let written = { epoch: 0, count: 0 };
    const onWritten = (epoch: number, count: number) => {
      written = { epoch, count };
    };
    function Harness() {
      const sb = useSyncExternalStore(store.subscribe, store.get);
      return <ScrollbackView scrollback={sb} color={false} onWritten={onWritten} />;
    }
    const push = (texts: string[]) =>
      store.update((sb) =>
        pushItems(
          sb,
          texts.map((t) => item('output', t)),
          written.epoch === sb.epoch ? written.count : 0,
        ),
      );
    const app = render(<Harness />);
    const total = 2600;
    let held = 0;
    let n = 0;
    while (n < total) {
      // Several pushes between two renders, and batches of different sizes.
      const batch = 1 + (n % 97);
      for (let k = 0; k < 3 && n < total; k++) {
        const texts = Array.from({ length: Math.min(batch, total - n) }, (_, i) => `line ${n + i}`);
        n += texts.length;
        push(texts);
        held = Math.max(held, store.get().items.length);
      }
      await new Promise((r) => setImmediate(r));
    }
    await waitFor(() => expect(plain(app.lastFrame())).toContain(`line ${total - 1}`));
    expect(held).toBeLessThanOrEqual(SCROLLBACK_MAX + 3 * 97);
    expect(store.get().epoch).toBeGreaterThan(0);
    const lines = plain(app.lastFrame())
      .split('\n')
      .filter((l) => l.startsWith('line '));
    expect(lines).toEqual(Array.from({ length: total }, (_, i) => `line ${i}`));
    app.unmount();
  });
});
