// A SHOW answer's text handed out while its body arrives (issue 38) is what JSON.parse of the
// whole body holds, for a body split at any byte (a UTF-8 character, an escape, a \uXXXX or a
// surrogate pair cut across chunks), and its pieces sanitized one by one are the whole text
// sanitized; anything but an OK envelope shows nothing early.
import { StringDecoder } from 'node:string_decoder';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShowOutputScan } from '../../../src/api/router/show-stream.js';
import { sanitizeText, textCut } from '../../../src/term/sanitize.js';

/** The body's bytes cut at `cuts`, decoded as the transport does (collect.ts), into a scan. */
function scanBytes(
  bytes: Buffer,
  cuts: number[],
): { pieces: string[]; stopped: boolean; finished: boolean; envelope: string | undefined } {
  const pieces: string[] = [];
  const scan = new ShowOutputScan((t) => pieces.push(t));
  const decoder = new StringDecoder('utf8');
  let at = 0;
  for (const c of [...new Set(cuts.map((x) => x % (bytes.length + 1)))].sort((a, b) => a - b)) {
    scan.push(decoder.write(bytes.subarray(at, c)));
    at = c;
  }
  scan.push(decoder.write(bytes.subarray(at)));
  scan.push(decoder.end());
  return { pieces, stopped: scan.stopped, finished: scan.finished, envelope: scan.envelopeText() };
}

/** JSON text of a string, some characters written as \uXXXX (a pair's halves one by one) or `\/`. */
function jsonString(s: string, escapeEvery: number): string {
  let out = '';
  let i = 0;
  for (const ch of s) {
    i++;
    if (escapeEvery > 0 && i % escapeEvery === 0) {
      if (ch === '/') out += '\\/';
      else for (const unit of ch.split('')) out += `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
    } else out += JSON.stringify(ch).slice(1, -1);
  }
  return `"${out}"`;
}

const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\n', '\r', '\t', '\u001b', '\u001b]', '\u001bP', '\u001b[1m', '\u0007', '\u001b\\'),
      fc.constantFrom('"', '\\', '/', 'a', 'é', '€', '😀', '\u202e', '\u0085', 'entry 1 10.0.0.1/32\n'),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
    { maxLength: 60 },
  )
  .map((a) => a.join(''));

const envelope = (status: string, show: string, escapeEvery: number, message = '"done"') =>
  `{"RequestStatus":${JSON.stringify(status)},"Message":[${message}],"NodeInfo":{"Name":"interface","ShowFormat":"text","ShowOutput":${jsonString(show, escapeEvery)}},"Request":{"Node":["interface"]}}`;

describe('ShowOutputScan', () => {
  it('hands out what JSON.parse holds, for a body split at any bytes; sanitized piece by piece as whole', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.nat({ max: 7 }),
        fc.array(fc.nat({ max: 100_000 }), { maxLength: 12 }),
        (show, escapeEvery, cuts) => {
          const body = envelope('OK', show, escapeEvery);
          const parsed = JSON.parse(body) as { NodeInfo: { ShowOutput: string } };
          expect(parsed.NodeInfo.ShowOutput).toBe(show);
          const { pieces, finished } = scanBytes(Buffer.from(body, 'utf8'), cuts);
          expect(finished).toBe(true);
          expect(pieces.join('')).toBe(show);
          // Each piece but the last ends a line: output appears a line at a time.
          for (const p of pieces.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
          expect(pieces.map(sanitizeText).join('')).toBe(sanitizeText(show));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps the body without ShowOutput: parsed, with the pieces put back, it is the body parsed', () => {
    fc.assert(
      fc.property(
        hostileText,
        hostileText,
        fc.nat({ max: 7 }),
        fc.array(fc.nat({ max: 100_000 }), { maxLength: 12 }),
        (show, message, escapeEvery, cuts) => {
          const body = `\r\n ${envelope('OK', show, escapeEvery, jsonString(message, 3))} \n\t`;
          const r = scanBytes(Buffer.from(body, 'utf8'), cuts);
          if (r.envelope === undefined) throw new Error('no envelope text');
          const rebuilt = JSON.parse(r.envelope) as { NodeInfo: { ShowOutput: string } };
          expect(rebuilt.NodeInfo.ShowOutput).toBe('');
          rebuilt.NodeInfo.ShowOutput = r.pieces.join('');
          expect(rebuilt).toEqual(JSON.parse(body));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('has no envelope text when anything but whitespace follows the envelope, or before it closes', () => {
    const ok = `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"a\\n"}}`;
    for (const cut of [0, 10, ok.length]) {
      expect(scanBytes(Buffer.from(`${ok} x`), [cut]).envelope).toBeUndefined();
      expect(scanBytes(Buffer.from(`${ok}{}`), [cut]).envelope).toBeUndefined();
      expect(scanBytes(Buffer.from(ok.slice(0, -1)), [cut]).envelope).toBeUndefined();
      expect(scanBytes(Buffer.from(`${ok}\n `), [cut]).envelope).toBe(
        `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":""}}`,
      );
    }
    // A table ShowOutput (not a string) is never handed out: the full parse answers.
    expect(
      scanBytes(Buffer.from(`{"RequestStatus":"OK","NodeInfo":{"ShowOutput":{}}}`), []).envelope,
    ).toBeUndefined();
  });

  it('shows nothing early for an answer that is not OK first, nor for another shape', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.constantFrom('ERROR', 'Error', ''),
        fc.array(fc.nat({ max: 100_000 }), { maxLength: 6 }),
        (show, status, cuts) => {
          const bodies = [
            envelope(status, show, 3),
            // The status after the output: not known when the output comes.
            `{"NodeInfo":{"ShowOutput":${JSON.stringify(show)}},"RequestStatus":"OK"}`,
            `[{"RequestStatus":"OK","NodeInfo":{"ShowOutput":${JSON.stringify(show)}}}]`,
            // ShowOutput deeper than NodeInfo's own.
            `{"RequestStatus":"OK","NodeInfo":{"SubNodes":[{"ShowOutput":${JSON.stringify(show)}}]}}`,
          ];
          for (const body of bodies) expect(scanBytes(Buffer.from(body), cuts).pieces).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stops at a second ShowOutput and at text that is not JSON (the full parse then answers)', () => {
    const twice = `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"a\\nb","ShowOutput":"c\\n"}}`;
    const r = scanBytes(Buffer.from(twice), [20, 41]);
    expect(r.pieces.join('')).toBe('a\nb');
    expect([r.stopped, r.finished]).toEqual([true, false]);
    const second = `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"a\\n"},"NodeInfo":{"Name":"x"}}`;
    expect(scanBytes(Buffer.from(second), [7]).finished).toBe(false);
    const raw = `{"RequestStatus":"OK","NodeInfo":{"ShowOutput":"line 1\\nraw\u0001control\\n"}}`;
    const bad = scanBytes(Buffer.from(raw), []);
    expect(bad.stopped).toBe(true);
    expect(bad.pieces).toEqual([]);
  });
});

describe('textCut', () => {
  it('cuts after the last line end that no OSC or DCS string spans', () => {
    expect(textCut('a\nb')).toBe(2);
    expect(textCut('ab')).toBe(0);
    expect(textCut('a\n\u001b]0;x\ny')).toBe(2);
    expect(textCut('a\n\u001b]0;x\u0007\ny')).toBe(9);
    expect(textCut('\u001bPq\n')).toBe(0);
    expect(textCut('a\n\u001b[1m\nb')).toBe(7);
  });
});
