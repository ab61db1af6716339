// A big range answer parsed in pieces is what JSON.parse of the whole makes, or is left to
// JSON.parse whole: never another value, never a body from text JSON.parse refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInPieces, splitSeries } from '../../../src/api/telemetry/split-series.js';

let turns = 0;
const tick = async () => {
  turns++;
};

/** What parseInPieces makes of `text`: the body, 'whole' (left to JSON.parse), or 'throws'. */
async function pieces(text: string): Promise<unknown> {
  try {
    const r = await parseInPieces(text, tick);
    return r === undefined ? 'whole' : r === 'too deep' ? r : r.body;
  } catch {
    return 'throws';
  }
}

function wholeOrThrows(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return 'throws';
  }
}

const envelope = (series: unknown[], extra = '') =>
  `{"data":{"result_type":"matrix","series":${JSON.stringify(series)}}${extra},"meta":{"request_id":"r"}}`;

describe('parseInPieces', () => {
  it('parses a range answer to what JSON.parse makes, a series at a time', async () => {
    const series = Array.from({ length: 200 }, (_, s) => ({
      labels: { __name__: 'x', q: `a"]}{[\\ ${s}`, series: '[' },
      samples: Array.from({ length: 50 }, (_, i) => ({
        timestamp: `2026-01-01T00:${String(i).padStart(2, '0')}:00Z`,
        value: `${i}`,
      })),
    }));
    const text = envelope(series);
    turns = 0;
    expect(await pieces(text)).toEqual(JSON.parse(text));
    expect(turns).toBeGreaterThan(0);
    expect((await splitSeries(text, tick))?.parts).toHaveLength(200);
  });

  it('leaves to JSON.parse what is not plainly a series array', async () => {
    for (const text of [
      '{"data":{"series":["x"]}}',
      '{"data":{"series":[1,{"a":1}]}}',
      '{"data":{"series":{}}}',
      '{"data":{"series":[]},"data":{"series":[{"a":1}]}}',
      '{"data":{"series":[{"a":1}],"series":[{"b":2}]}}',
      '{"data":[{"series":[{"a":1}]}]}',
      '[{"data":{"series":[{"a":1}]}}]',
      '{"meta":{"series":[{"a":1}]}}',
    ])
      expect(await pieces(text), text).toBe('whole');
  });

  it('never makes a body of text JSON.parse refuses', async () => {
    for (const text of [
      '{"data":{"series":[{"a":1} {"b":2}]}}',
      '{"data":{"series":[{"a":1},,{"b":2}]}}',
      '{"data":{"series":[{"a":1},]}}',
      '{"data":{"series":[{"a":1}:]}}',
      '{"data":{"series":[{"a":1}]}',
      '{"data":{"series":[{"a":1]}]}}',
      '{"data":{"series":[{"a":1}]}} x',
    ]) {
      const got = await pieces(text);
      expect(got === 'whole' || got === 'throws', `${text}: ${JSON.stringify(got)}`).toBe(true);
    }
  });

  it('refuses a series nested deeper than the limit, as the whole check does', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 520; i++) deep = [deep];
    expect(await pieces(envelope([{ labels: {}, samples: [], x: deep }]))).toBe('too deep');
    expect(await pieces(envelope([{ labels: {}, samples: [], x: [[[1]]] }]))).not.toBe('too deep');
  });

  it('property: any envelope, also cut or with a character changed, is read as JSON.parse reads it', async () => {
    const element = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()));
    await fc.assert(
      fc.asyncProperty(
        fc.array(element, { maxLength: 6 }),
        fc.jsonValue(),
        fc.nat(),
        fc.constantFrom('', ' ', '"', ',', ']', '}', '[', '{', '\\', ':'),
        async (series, other, at, ch) => {
          const text = envelope(series, `,"other":${JSON.stringify(other)}`);
          for (const t of [
            text,
            text.slice(0, at % (text.length + 1)),
            text.slice(0, at % text.length) + ch + text.slice((at % text.length) + 1),
          ]) {
            const got = await pieces(t);
            if (got === 'whole') continue;
            expect(got).toEqual(wholeOrThrows(t));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
