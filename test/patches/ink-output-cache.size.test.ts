// patches/ink+6.8.0.patch's shared line cells at the size of a pane following logs (see
// ink-output-cache.test.ts): a size test, in the end-to-end group.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearShared, expectSameAsUncached, frame, sgr, shared, write } from './ink-output-rig.js';

beforeEach(clearShared);

describe('ink output.js patch: shared line cells, at size', () => {
  // A pane following logs draws new 120-column lines every frame: bounded by lines alone, the
  // cells of 4,096 of them (~490,000 objects, ~140 MB) were held before a clear.
  it('stays bounded in cells: a followed log of wide lines holds at most 16,384 cells', () => {
    const cells = () => [...shared().styledChars.values()].reduce((n, c) => n + c.length, 0);
    for (let f = 0; f < 60; f++) {
      const rows = Array.from({ length: 40 }, (_, y) =>
        write(0, y, `${sgr(32)}info${sgr(39)} stream ${f * 40 + y} `.padEnd(130, 'x')),
      );
      expectSameAsUncached([frame(rows, 120, 40)]);
      expect(cells()).toBeLessThanOrEqual(16_384);
    }
  });
});
