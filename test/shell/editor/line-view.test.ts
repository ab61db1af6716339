// Live colouring and the hint under the prompt, from the synchronous classification over a
// tree unlike the simulator's routers (fixtures), with the cache filled as typing would.
import { describe, expect, it } from 'vitest';
import { classifyLineSync, completeSync, MetadataCache, resolveLine } from '../../../src/lang/index.js';
import { lineHint, lineSpans } from '../../../src/shell/editor/line-view.js';
import { promptText } from '../../../src/shell/editor/prompt-text.js';
import { routerTree, treeFetch } from '../../lang/fixtures.js';

const cache = new MetadataCache(treeFetch(routerTree()));
const signal = new AbortController().signal;

async function view(line: string) {
  await resolveLine(line, { cache }, signal).catch(() => {});
  const c = classifyLineSync(line, { cache });
  const styles = lineSpans(c).map((s) => `${line.slice(s.start, s.end)}:${s.style}`);
  return { styles, hint: lineHint(c, completeSync(line, line.length, { cache }), true) };
}

describe('live colouring', () => {
  it('marks resolved words, values, options and option values', async () => {
    const v = await view('ping 10.0.0.1 count 3');
    expect(v.styles).toEqual(['ping:known', '10.0.0.1:value', 'count:option', '3:value']);
  });

  it('marks a word that cannot be right and says why', async () => {
    const v = await view('ping 10.0.0.1 cuont 3');
    expect(v.styles).toContain('cuont:bad');
    expect(v.hint).toMatch(/cuont/);
  });

  it('an unfinished command is not an error while typing: the hint is the Help expected', async () => {
    const v = await view('ping ');
    expect(v.styles).toEqual(['ping:known']);
    expect(v.hint).toBe('<x.x.x.x>');
  });

  it('a value failing InputRe is bad, with its Help', async () => {
    const v = await view('ping 10.0.0.x');
    expect(v.styles).toEqual(['ping:known', '10.0.0.x:bad']);
    expect(v.hint).toMatch(/10\.0\.0\.x.*<x\.x\.x\.x>/);
  });

  it('the prompt shows the context', () => {
    expect(promptText('admin@r1', [])).toBe('admin@r1> ');
    expect(promptText('admin@r1', ['interface', 'eth0'])).toBe('admin@r1(interface eth0)> ');
  });
});

describe('an open quote while typing', () => {
  it('is not painted red and the hint stays the slot hint; Enter still refuses it', async () => {
    const { lineSpans, lineHint } = await import('../../../src/shell/editor/line-view.js');
    const c = {
      kind: 'error',
      words: [],
      error: { reason: 'unbalanced-quote', message: "% unbalanced '", column: 5, length: 1, wordIndex: 1 },
    } as unknown as Parameters<typeof lineSpans>[0];
    expect(lineSpans(c).some((s) => s.style === 'bad')).toBe(false);
    expect(lineHint(c, undefined, true)).toBeUndefined();
    expect(lineHint(c, undefined, false)).toBe("% unbalanced '");
  });
});
