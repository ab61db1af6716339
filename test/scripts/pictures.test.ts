// The docs' pictures (issue 18) are routersh's own recordings rendered by scripts/cast-svg.ts:
// the renderer draws a recording's screen with its colours as SVG, and every picture the
// README and docs/ show is such a rendering, well-formed (no `--` in a comment, one root).
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseCast, screenWhen, svgOf } from '../../scripts/cast-svg.js';

const cast = [
  JSON.stringify({ version: 2, width: 20, height: 3, timestamp: 0, env: {} }),
  JSON.stringify([0.1, 'o', 'a> \u001b[32mshow\u001b[39m x\r\n']),
  JSON.stringify([0.2, 'o', '\u001b[31m% no <x> & y\u001b[39m\r\n']),
  JSON.stringify([0.3, 'o', '\u001b[2J\u001b[Hgone']),
].join('\n');

it('draws the last screen a predicate holds on, with its colours, escaped', async () => {
  const screen = await screenWhen(parseCast(cast), (s) => s.includes('% no'));
  const svg = svgOf(screen, 't', 'made by a test');
  expect(svg).toMatch(/^<svg [^>]+>/);
  expect(svg).toContain('>show</text>');
  expect(svg).toMatch(/fill="#0dbc79"[^>]*>show</);
  expect(svg).toMatch(/fill="#cd3131"[^>]*>% no &lt;x&gt; &amp; y</);
  expect(svg).not.toContain('gone');
  expect(svg).toContain('<desc>made by a test</desc>');
});

it('every picture of docs/pictures is a rendering of a recording, well-formed', () => {
  const dir = new URL('../../docs/pictures/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
  expect(files.sort()).toEqual(['chart.svg', 'logs.svg', 'tour.svg']);
  for (const f of files) {
    const svg = readFileSync(new URL(f, dir), 'utf8');
    expect(svg, f).toContain('<desc>made by scripts/pictures.ts');
    expect(svg, f).not.toMatch(/<!--[\s\S]*?--[^>]/);
    expect(svg.trim().endsWith('</svg>'), f).toBe(true);
  }
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  expect(readme).toContain('docs/pictures/tour.svg');
});
