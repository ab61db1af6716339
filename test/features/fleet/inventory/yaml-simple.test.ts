// The plain-YAML fast path (yaml-simple.ts) against the full parser (yaml11.ts): for generated
// texts in and around what it accepts (tricky words such as `yes`, `y`, `e-1`, `null`, `a:`;
// comments, blank lines, trailing spaces, uneven indentation), whatever it accepts reads as the
// full parser reads it: the same maps, keys, values and line of every node (what the inventory
// readers use), and the same plain data. A simulated fleet's inventory takes the fast path.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { isMap, isScalar, type LineCounter } from 'yaml';
import { describe, expect, it } from 'vitest';
import { startFleetSim } from '../../../../sim/fleet/index.js';
import { parseSimpleYaml } from '../../../../src/features/fleet/inventory/yaml-simple-nodes.js';
import { parseYaml11, parseYaml11Fully } from '../../../../src/features/fleet/inventory/yaml11.js';

/** Every node as the readers see it: kind, value (and its type), the line it starts on. */
function dump(node: unknown, lines: LineCounter): unknown {
  const line = (n: unknown) => {
    const r = (n as { range?: number[] } | null)?.range;
    return r ? lines.linePos(r[0]!).line : undefined;
  };
  if (isMap(node))
    return {
      map: line(node),
      items: node.items.map((p) => ({ key: dump(p.key, lines), value: dump(p.value, lines) })),
    };
  if (isScalar(node)) return { scalar: node.value, type: typeof node.value, line: line(node), tag: node.tag };
  return { other: String(node) };
}

// Mostly words it reads, some it must decline.
const keys = fc.oneof(
  {
    weight: 15,
    arbitrary: fc.constantFrom(
      'all',
      'hosts',
      'children',
      'vars',
      'edge-01',
      'a.b',
      '_x',
      'e1',
      'e-1',
      'x_y-z',
      'k',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('yes', 'y', 'No', 'on', 'null', 'Null', 'True') },
);
const values = fc.oneof(
  {
    weight: 15,
    arbitrary: fc.constantFrom(
      '"x y"',
      '"a # b"',
      '"http://10.0.0.1:8080"',
      "'c:\\\\d'",
      "'q'",
      'admin',
      '/etc/pw',
      'http://h:1',
      'a::b',
      'e-1',
      'admin # c',
      '"x" # c',
      '""',
      "''",
      'm+n=o%p@q',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "'it''s'",
      'a:',
      'yes',
      'y',
      'Off',
      '1.0',
      '0x1f',
      '~',
      'x#y',
      '"esc\\"q"',
      '[a, b]',
      '{a: 1}',
      '&a x',
      '*a',
      '!vault x',
      '- x',
    ),
  },
);

/** A text of nested maps: each line an indent, a key, and a value, nothing, or a comment. */
const texts = fc
  .tuple(
    fc.constantFrom(2, 2, 4, 3),
    fc.array(
      fc.record({
        depth: fc.nat({ max: 4 }),
        key: keys,
        value: fc.option(values, { nil: undefined }),
        comment: fc.constantFrom('', '', ' # note', '#x'),
        trail: fc.constantFrom('', '', '  '),
        blank: fc.constantFrom('', '', '', '\n', '\n# c\n', '\n   # indented comment\n'),
        // Now and then a line one space off its level (an indentation no open map has).
        off: fc.constantFrom(...new Array(30).fill(0), 1),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  )
  .map(([width, ls]) => {
    let depth = 0;
    let out = '';
    for (const l of ls) {
      // Deeper by at most one level after a key without a value (a map), as a writer would.
      depth = Math.min(l.depth, depth);
      out += `${l.blank}${' '.repeat(depth * width + l.off)}${l.key}:${l.value !== undefined ? ` ${l.value}` : l.comment}${l.trail}\n`;
      depth = l.value === undefined ? depth + 1 : depth;
    }
    return out;
  });

describe('plain YAML fast path', () => {
  it('reads whatever it accepts as the full parser does', () => {
    let accepted = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const fast = parseSimpleYaml(text);
        if (!fast) return;
        accepted++;
        const full = parseYaml11Fully(text, 'f.yml');
        expect({ text, got: dump(fast.doc.contents, fast.lines) }).toEqual({
          text,
          got: dump(full.doc.contents, full.lines),
        });
        expect(fast.doc.toJS()).toEqual(full.doc.toJS());
      }),
      { numRuns: 400 },
    );
    // The generator reaches the fast path often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(80);
  });

  it('declines what it does not read (the full parser then does)', () => {
    for (const text of [
      'a: [1, 2]\n',
      'a:\n  - x\n',
      'a: yes\n',
      'a: 12\n',
      '---\na: "x"\n',
      'a:\n    b: "x"\n  c: "y"\n',
      'a: "x"\n  b: "y"\n',
      'a: "caf\u00e9"\n',
      'a:\t"x"\n',
      '# only a comment\n',
      'a: "x"\r\n',
    ])
      expect({ text, fast: parseSimpleYaml(text) }).toEqual({ text, fast: undefined });
  });

  it("takes the fast path for the inventory `sim --routers` writes, with the full parser's lines", async () => {
    const fleet = await startFleetSim({ routers: 3 });
    try {
      const file = fleet.writeInventory(join(mkdtempSync(join(tmpdir(), 'yaml-simple-')), 'f.yml')).file;
      const text = readFileSync(file, 'utf8');
      const fast = parseSimpleYaml(text);
      expect(fast).toBeDefined();
      const full = parseYaml11Fully(text, file);
      expect(dump(parseYaml11(text, file).doc.contents, fast!.lines)).toEqual(
        dump(full.doc.contents, full.lines),
      );
    } finally {
      await fleet.close();
    }
  });
});
