// THE built-in table (src/lang/grammar.ts) and THE handler map (src/run/handlers.ts) cover
// each other; every built-in is described, completes and resolves to its own name; the
// runner dispatches through the map; context moves come from one function (runner and
// paste check alike).
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_NAMES,
  BUILTIN_TABLE,
  type BuiltinSpec,
  complete,
  MetadataCache,
  resolveLine,
} from '../../src/lang/index.js';
import { contextAfter, nextContext } from '../../src/lang/context.js';
import type { Handler, Handlers } from '../../src/contract/handler.js';
import { HANDLERS } from '../../src/run/handlers.js';
import { checkPaste, pastedLines } from '../../src/run/paste.js';
import type { Services } from '../../src/contract/services.js';
import { runLine } from '../../src/run/runner.js';
import { stubServices } from '../helpers/services.js';
import { gardenTree, treeFetch } from '../lang/fixtures.js';

const signal = new AbortController().signal;
const cache = () => new MetadataCache(treeFetch(gardenTree()));
const resolve = (line: string, context: string[] = []) =>
  resolveLine(line, { cache: cache(), context }, signal);

/** A line that runs `name`: its words, then an argument or a router path when it needs one. */
function lineOf(name: string): string {
  const spec: BuiltinSpec = BUILTIN_TABLE[name as keyof typeof BUILTIN_TABLE];
  if (spec.arg) return `${name} x`;
  if (spec.path === 'required') return `${name} plant s1`;
  return name;
}

describe('the built-in table and the handler map', () => {
  it('cover each other, name for name', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...BUILTIN_NAMES].sort());
    for (const name of BUILTIN_NAMES) expect(typeof HANDLERS[name], name).toBe('function');
  });

  it('the compiler refuses a map that misses a built-in, or a handler reading an undeclared option', () => {
    const { 'logs facets': _dropped, ...rest } = HANDLERS;
    // @ts-expect-error 'logs facets' has no handler
    const missing: Handlers = rest;
    expect(Object.keys(missing)).not.toContain('logs facets');
    const reads: Handler<'metrics names'> = ({ options }) => {
      // @ts-expect-error `metrics names` declares `match`, not `since`
      const since = options.since;
      return { kind: 'text', text: String(since ?? options.match), json: null };
    };
    expect(typeof reads).toBe('function');
  });

  it.each(BUILTIN_NAMES)(
    '%s: described, completes with its description, resolves to itself',
    async (name) => {
      const spec: BuiltinSpec = BUILTIN_TABLE[name];
      expect(spec.description.length).toBeGreaterThan(3);
      const words = name.split(' ');
      const last = words.at(-1)!;
      const typed = [...words.slice(0, -1), last.slice(0, 2)].join(' ');
      const c = await complete(typed, typed.length, { cache: cache() }, signal);
      const cand = c.candidates.find((x) => x.display === last);
      expect(cand, typed).toMatchObject({ description: spec.description, insertable: true });
      expect(await resolve(lineOf(name))).toMatchObject({ kind: 'builtin', name });
    },
  );
});

function deps(): Services {
  const c = cache();
  return stubServices({
    resolve: (line, context, s) => resolveLine(line, { cache: c, context }, s),
    cache: c,
    width: () => 80,
  });
}

describe('the runner dispatches through the map', () => {
  it('context moves: edit, up, top, exit in a context, exit at the top', async () => {
    const state = { context: [] as string[] };
    const run = (line: string) => runLine(line, state, deps(), signal);
    expect(await run('edit plant s1')).toEqual({ kind: 'context', context: ['plant', 's1'], text: '' });
    state.context = ['plant', 's1'];
    expect(await run('up')).toEqual({ kind: 'context', context: ['plant'], text: '' });
    expect(await run('top')).toEqual({ kind: 'context', context: [], text: '' });
    expect(await run('quit')).toEqual({ kind: 'context', context: [], text: '' });
    state.context = [];
    expect(await run('exit')).toEqual({ kind: 'exit' });
  });

  it('edit refuses an entry the router does not have, naming those it has', async () => {
    const state = { context: [] as string[] };
    const r = await runLine('edit plant s9', state, deps(), signal);
    expect(r.kind === 'error' && r.error.message).toBe(
      'plant s9 is not configured (configured: s1, s22): create it first (plant s9), then edit it',
    );
    expect(state.context).toEqual([]);
  });

  it('run and do inside a context run their command from the top', async () => {
    const state = { context: ['plant', 's1'] };
    const r = await resolve('run plant s22 depth 4', ['plant', 's1']);
    expect(r.kind, JSON.stringify(r)).toBe('router');
    if (r.kind === 'router') expect(r.request.words).toEqual(['plant', 's22']);
    expect((await resolve('do plant pot', ['plant', 's1'])).kind).toBe('router');
    expect(state.context).toEqual(['plant', 's1']);
  });

  it('history, help, and telemetry commands without a telemetry API', async () => {
    const state = { context: [] };
    expect(await runLine('history', state, deps(), signal, { history: () => ['a', 'b'] })).toMatchObject({
      kind: 'text',
      text: '    1  a\n    2  b\n',
    });
    expect(await runLine('help', state, deps(), signal)).toMatchObject({ kind: 'text' });
    const r = await runLine('metrics range up since 1h', state, deps(), signal);
    expect(r.kind === 'error' && r.error.code).toBe('not_configured');
  });

  it('one transition function: nextContext decides, contextAfter (paste) follows it', async () => {
    for (const [line, ctx, next] of [
      ['edit plant s1', [], ['plant', 's1']],
      ['up', ['plant', 's1'], ['plant']],
      ['top', ['plant', 's1'], []],
      ['exit', ['plant'], []],
      ['exit', [], []],
      ['history', ['plant'], ['plant']],
    ] as Array<[string, string[], string[]]>) {
      const res = await resolve(line, ctx);
      expect(contextAfter(res, ctx), line).toEqual(next);
      if (res.kind === 'builtin') {
        const n = nextContext(res.name, res.args, ctx);
        expect(n === 'exit' ? [] : (n ?? ctx)).toEqual(next);
      }
    }
  });
});

describe('paste check', () => {
  it('skips what the lexer reads as no words: blanks and comments, not a quoted #', () => {
    const text = 'edit plant s1\n\n   # note it\'s "here\n"#x" y\n\t\nup\r\n  depth 4 # later';
    expect(pastedLines(text).map((l) => [l.n, l.text])).toEqual([
      [1, 'edit plant s1'],
      [4, '"#x" y'],
      [6, 'up'],
      [7, '  depth 4 # later'],
    ]);
  });

  it('threads the context through the lines', async () => {
    const r = await checkPaste(
      'edit plant s1\ndepth 4\nup\ns1 depth 5\ntop\ndepth 6',
      [],
      (l, c, s) => resolveLine(l, { cache: cache(), context: c }, s),
      signal,
    );
    expect(r.lines).toHaveLength(6);
    expect(r.bad.map((b) => b.n)).toEqual([6]);
  });
});
