// The plan of a load (features/config/plan.ts), against a pure model of a router's configuration:
// a SET adds a line (replacing a single-value slot's value) or merges its options into the
// line there, and refuses a line whose parent value does not exist yet; a DELETE removes a line
// with everything under it; an UNSET removes a keyed entry. Properties (fast-check): override
// gives the file, merge never removes, replace touches only the entries the file names, and the
// inverses of any prefix of the steps, applied in reverse, give the live configuration back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RouterRequest } from '../../../src/api/router/types.js';
import type { ConfigLine } from '../../../src/contract/config.js';
import { type LoadMode, planLoad } from '../../../src/features/config/plan.js';

const SEP = '\u001f';

/** A Value's line (`if e0 mtu 9000`): `slot` names the value's node. */
function value(path: string[], o: Partial<ConfigLine> = {}): ConfigLine {
  const slot = [...path.slice(0, -1), `<${o.slot ?? 'v'}>`].join(SEP);
  return {
    path,
    options: {},
    id: `${slot}${SEP}${path.at(-1)}`,
    multi: true,
    settable: true,
    unsettable: true,
    setOptions: [],
    secret: false,
    member: false,
    ...o,
    slot,
  };
}

/** A Token's entry (`if e0 down`, `list L1 match net n1`). */
function token(path: string[], o: Partial<ConfigLine> = {}): ConfigLine {
  const slot = path.join(SEP);
  return {
    path,
    options: {},
    id: `${slot}${SEP}x`,
    multi: true,
    settable: true,
    unsettable: true,
    setOptions: [],
    secret: false,
    member: false,
    ...o,
    slot,
  };
}

const text = (l: ConfigLine) =>
  [
    ...l.path,
    ...Object.entries(l.options).flatMap(([k, v]) => (v.length ? v.map((x) => `${k} ${x}`) : [k])),
  ].join(' ');

// ---- the model -------------------------------------------------------------------------------

/** The model's identity of a line (written apart from the plan's lineKey). */
const modelKey = (path: readonly string[], options: Record<string, unknown[]> = {}, keyed = false) =>
  keyed ? `${path.join('/')}#${String(options.net?.[0])}` : path.join('/');

interface Universe {
  /** Every line that can exist, by model key. */
  lines: Map<string, ConfigLine>;
  keyedPaths: Set<string>;
}

function universeOf(...configs: ConfigLine[][]): Universe {
  const lines = new Map<string, ConfigLine>();
  const keyedPaths = new Set<string>();
  for (const l of configs.flat()) {
    const keyed = l.unsetOptions !== undefined && l.unsetOptions.length > 0;
    if (keyed) keyedPaths.add(l.path.join('/'));
    lines.set(modelKey(l.path, l.options, keyed), l);
  }
  return { lines, keyedPaths };
}

type State = Map<string, { line: ConfigLine; options: Record<string, string[]> }>;

const stateOf = (u: Universe, lines: readonly ConfigLine[]): State =>
  new Map(lines.map((l) => [keyOf(u, l.path, l.options), { line: l, options: l.options }]));

const keyOf = (u: Universe, path: readonly string[], options: Record<string, unknown[]> = {}) =>
  modelKey(path, options, u.keyedPaths.has(path.join('/')));

const strings = (o: RouterRequest['options']) =>
  Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k, v.map(String)]));

function apply(u: Universe, s: State, r: RouterRequest): void {
  const under = (p: readonly string[], q: readonly string[]) =>
    p.length > q.length && q.every((w, i) => p[i] === w);
  if (r.method === 'DELETE' || r.actions?.includes('UNSET')) {
    const k = keyOf(u, r.words, r.options ?? {});
    if (!s.has(k)) throw new Error(`removes what is not there: ${k}`);
    s.delete(k);
    if (r.method === 'DELETE') for (const [x, v] of s) if (under(v.line.path, r.words)) s.delete(x);
    return;
  }
  const k = keyOf(u, r.words, r.options ?? {});
  const line = u.lines.get(k);
  if (!line) throw new Error(`sets a line the router does not know: ${k}`);
  if (line.secret) throw new Error(`sends a secret: ${k}`);
  for (const [pk, p] of u.lines)
    if (p.settable && !p.secret && under(line.path, p.path) && p.path.length < line.path.length && !s.has(pk))
      throw new Error(`sets ${k} before ${pk} exists`);
  if (!line.multi) for (const [x, v] of s) if (v.line.slot === line.slot && x !== k) s.delete(x);
  const was = s.get(k)?.options ?? {};
  s.set(k, { line, options: { ...was, ...strings(r.options) } });
}

const view = (s: State) =>
  [...s.entries()]
    .map(
      ([k, v]) =>
        `${k} ${JSON.stringify(
          Object.keys(v.options)
            .sort()
            .map((o) => [o, v.options[o]]),
        )}`,
    )
    .sort();

// ---- the generator ---------------------------------------------------------------------------

interface Gen {
  ifaces: Array<{ name: string; mtu: string; addrs: string[]; down: boolean; desc: string | undefined }>;
  host: string | undefined;
  lists: Array<{ name: string; timeout: string; key: boolean; members: string[] }>;
  rules: Array<{ n: string; action: string; src: boolean }>;
  users: Array<{ name: string; secret: boolean }>;
}

const sub = <T>(xs: T[]) => fc.subarray(xs);
const genConfig = (secrets: boolean): fc.Arbitrary<Gen> =>
  fc.record({
    ifaces: sub(['e0', 'e1', 'e2']).chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.record({
            name: fc.constant(name),
            mtu: fc.constantFrom('1500', '9000'),
            addrs: sub(['a1', 'a2']),
            down: fc.boolean(),
            desc: fc.option(fc.constantFrom('up', 'lan'), { nil: undefined }),
          }),
        ),
      ),
    ),
    host: fc.option(fc.constantFrom('r1', 'r2'), { nil: undefined }),
    lists: sub(['L1', 'L2']).chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.record({
            name: fc.constant(name),
            timeout: fc.constantFrom('60', '600'),
            key: fc.boolean(),
            members: sub(['n1', 'n2', 'n3']),
          }),
        ),
      ),
    ),
    rules: sub(['1', '2']).chain((ns) =>
      fc.tuple(
        ...ns.map((n) =>
          fc.record({ n: fc.constant(n), action: fc.constantFrom('DROP', 'ACCEPT'), src: fc.boolean() }),
        ),
      ),
    ),
    users: secrets
      ? sub(['u1', 'u2']).chain((ns) =>
          fc.tuple(...ns.map((name) => fc.record({ name: fc.constant(name), secret: fc.boolean() }))),
        )
      : fc.constant([]),
  });

/** The lines of a generated configuration, in tree order. */
function linesOf(g: Gen): ConfigLine[] {
  const out: ConfigLine[] = [];
  for (const i of g.ifaces) {
    out.push(value(['if', i.name], { slot: 'IF' }));
    out.push(value(['if', i.name, 'mtu', i.mtu], { slot: 'N', multi: false }));
    if (i.desc) out.push(value(['if', i.name, 'desc', i.desc], { slot: 'S', multi: false }));
    for (const a of i.addrs) out.push(value(['if', i.name, 'addr', a], { slot: 'A' }));
    if (i.down) out.push(token(['if', i.name, 'down']));
  }
  if (g.host) out.push(value(['host', g.host], { slot: 'S', multi: false }));
  for (const l of g.lists) {
    const options = { timeout: [l.timeout], ...(l.key ? { key: ['net'] } : {}) };
    out.push(value(['list', l.name], { slot: 'L', options, setOptions: ['timeout', 'key'] }));
    for (const m of l.members)
      out.push(
        token(['list', l.name, 'match'], {
          options: { net: [m] },
          unsetOptions: ['net'],
          setOptions: ['net'],
          member: true,
        }),
      );
  }
  for (const r of g.rules) {
    const options = { action: [r.action], ...(r.src ? { src: [] } : {}) };
    out.push(value(['rule', r.n], { slot: 'R', options, setOptions: ['action', 'src'] }));
  }
  for (const u of g.users) {
    out.push(value(['user', u.name], { slot: 'U' }));
    if (u.secret)
      out.push(
        value(['user', u.name, 'pass', '***'], {
          slot: 'P',
          multi: false,
          secret: true,
          settable: false,
          unsettable: false,
        }),
      );
  }
  return out;
}

const run = (u: Universe, live: readonly ConfigLine[], requests: readonly RouterRequest[]) => {
  const s = stateOf(u, live);
  for (const r of requests) apply(u, s, r);
  return s;
};

const plain = (ls: readonly ConfigLine[]) => ls.filter((l) => !l.secret);

// ---- properties ------------------------------------------------------------------------------

describe('planLoad against a model router', () => {
  it('override: the plan applied to the live configuration gives the file', () => {
    fc.assert(
      fc.property(genConfig(false), genConfig(false), (a, b) => {
        const live = linesOf(a);
        const target = linesOf(b);
        const u = universeOf(live, target);
        const plan = planLoad('override', live, target, { members: true, under: [], text });
        const after = run(
          u,
          live,
          plan.steps.map((s) => s.request),
        );
        expect(view(after)).toEqual(view(stateOf(u, target)));
      }),
      { numRuns: 400 },
    );
  });

  it('merge never removes, and every file line is there after it', () => {
    fc.assert(
      fc.property(genConfig(true), genConfig(true), fc.boolean(), (a, b, members) => {
        const live = linesOf(a);
        const target = linesOf(b);
        const u = universeOf(live, target);
        const plan = planLoad('merge', live, target, { members, under: [], text });
        for (const s of plan.steps) expect(s.request).toMatchObject({ method: 'POST', actions: ['SET'] });
        const after = run(
          u,
          live,
          plan.steps.map((s) => s.request),
        );
        for (const t of plain(target)) {
          if (t.member && !members) continue;
          const got = after.get(keyOf(u, t.path, t.options));
          expect(got, text(t)).toBeDefined();
          expect(got!.options).toMatchObject(t.options);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('replace makes each entry the file names equal to the file and touches nothing else', () => {
    fc.assert(
      fc.property(genConfig(false), genConfig(false), (a, b) => {
        const live = linesOf(a);
        // The file names some entries only: one interface, or the host, or a list.
        const target = linesOf(b).filter((l) => l.path[0] !== 'if' || l.path[1] === 'e1');
        const u = universeOf(live, target);
        const plan = planLoad('replace', live, target, { members: true, under: [], text });
        const after = run(
          u,
          live,
          plan.steps.map((s) => s.request),
        );
        // Entries: a value with lines under it (if e1, list L1), else the line's slot (host, rule).
        const all = [...live, ...target];
        const isEntryPath = (p: string[]) =>
          all.some((l) => l.path.join('/') === p.join('/')) &&
          all.some((l) => l.path.length > p.length && p.every((w, i) => l.path[i] === w));
        const entries = new Set<string>();
        const slots = new Set<string>();
        for (const t of target) {
          const p = [1, 2, 3, 4]
            .map((n) => t.path.slice(0, n))
            .find((q) => q.length <= t.path.length && isEntryPath(q));
          if (p) entries.add(p.join('/'));
          else slots.add(t.slot);
        }
        // In an entry: under an entry's path, or in a named slot, or under a line of such a slot.
        const inSlot = all.filter((l) => slots.has(l.slot)).map((l) => `${l.path.join('/')}/`);
        const inside = (l: ConfigLine) =>
          slots.has(l.slot) ||
          inSlot.some((p) => l.path.join('/').startsWith(p)) ||
          [...entries].some((e) => l.path.join('/').startsWith(`${e}/`) || l.path.join('/') === e);
        const outside = (s: State) => view(new Map([...s].filter(([, v]) => !inside(v.line))));
        const within = (s: State) => view(new Map([...s].filter(([, v]) => inside(v.line))));
        expect(outside(after)).toEqual(outside(stateOf(u, live)));
        expect(within(after)).toEqual(within(stateOf(u, target)));
      }),
      { numRuns: 400 },
    );
  });

  it('the inverses of any prefix of the steps, in reverse, give the live configuration back', () => {
    const mode = fc.constantFrom<LoadMode>('merge', 'replace', 'override');
    fc.assert(
      fc.property(genConfig(true), genConfig(true), mode, fc.boolean(), fc.nat(), (a, b, m, members, cut) => {
        const live = linesOf(a);
        const target = linesOf(b);
        const u = universeOf(live, target);
        const plan = planLoad(m, live, target, { members, under: [], text });
        const sent = plan.steps.slice(0, plan.steps.length ? cut % (plan.steps.length + 1) : 0);
        const s = stateOf(u, live);
        for (const st of sent) apply(u, s, st.request);
        for (const st of [...sent].reverse()) for (const r of st.inverse) apply(u, s, r);
        expect(view(s)).toEqual(view(stateOf(u, live)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('planLoad', () => {
  const live = [
    value(['if', 'e1'], { slot: 'IF' }),
    value(['if', 'e1', 'mtu', '1500'], { slot: 'N', multi: false }),
    value(['if', 'e1', 'desc', 'old'], { slot: 'S', multi: false }),
    value(['if', 'e1', 'addr', 'a1'], { slot: 'A' }),
    value(['if', 'e2'], { slot: 'IF' }),
    value(['if', 'e2', 'mtu', '1500'], { slot: 'N', multi: false }),
    value(['list', 'L1'], { slot: 'L', options: { timeout: ['60'] }, setOptions: ['timeout'] }),
    token(['list', 'L1', 'match'], { options: { net: ['n1'] }, unsetOptions: ['net'], member: true }),
    value(['user', 'u1'], { slot: 'U' }),
    value(['user', 'u1', 'pass', '***'], {
      slot: 'P',
      multi: false,
      secret: true,
      settable: false,
      unsettable: false,
    }),
  ];
  const file = [
    value(['if', 'e1'], { slot: 'IF' }),
    value(['if', 'e1', 'mtu', '9000'], { slot: 'N', multi: false }),
    value(['if', 'e1', 'addr', 'a2'], { slot: 'A' }),
    value(['user', 'u2'], { slot: 'U' }),
    value(['user', 'u2', 'pass', '***'], {
      slot: 'P',
      multi: false,
      secret: true,
      settable: false,
      unsettable: false,
    }),
  ];

  it('replace: a changed single value is one SET; what the entry lacks goes, deepest first; others stay', () => {
    const plan = planLoad('replace', live, file, { members: false, under: [], text });
    expect(plan.diff).toEqual([
      '- if e1 mtu 1500',
      '+ if e1 mtu 9000',
      '+ if e1 addr a2',
      '+ user u2',
      '- if e1 addr a1',
      '- if e1 desc old',
    ]);
    expect(plan.steps.map((s) => [s.request.method, ...s.request.words].join(' '))).toEqual([
      'POST if e1 mtu 9000',
      'POST if e1 addr a2',
      'POST user u2',
      'DELETE if e1 addr a1',
      'DELETE if e1 desc old',
    ]);
    expect(plan.steps[0]!.inverse).toEqual([
      { method: 'POST', words: ['if', 'e1', 'mtu', '1500'], actions: ['SET'] },
    ]);
    expect(plan.steps[1]!.inverse).toEqual([{ method: 'DELETE', words: ['if', 'e1', 'addr', 'a2'] }]);
    expect(plan.steps[0]!.text).toBe('+ if e1 mtu 9000');
    expect(plan.notes).toEqual([
      'not sent (it holds a secret, ***): user u2 pass ***',
      'the file was saved without members: the live members are left alone',
    ]);
  });

  it('override: a removed node goes with what is under it, in one DELETE; its inverse sets it all again', () => {
    const list = value(['list', 'L1'], { slot: 'L', options: { timeout: ['60'] }, setOptions: ['timeout'] });
    const plan = planLoad('override', live, [...file, list], { members: false, under: [], text });
    const e2 = plan.steps.find((s) => s.request.words.join(' ') === 'if e2')!;
    expect(e2.request.method).toBe('DELETE');
    expect(plan.steps.some((s) => s.request.words.join(' ') === 'if e2 mtu 1500')).toBe(false);
    expect(e2.inverse.map((r) => r.words.join(' '))).toEqual(['if e2', 'if e2 mtu 1500']);
    // Members are left alone without `members`; a node holding a secret is never removed.
    expect(
      plan.steps.some(
        (s) =>
          s.request.words[0] === 'list' || (s.request.words[0] === 'user' && s.request.words[1] === 'u1'),
      ),
    ).toBe(false);
    expect(plan.notes).toContain('left (a secret (***) lies under it): user u1');
  });

  it('with members: a live member the file lacks goes, a file member is added with a fresh timer', () => {
    const withMembers = [
      ...file,
      value(['list', 'L1'], { slot: 'L', options: { timeout: ['60'] }, setOptions: ['timeout'] }),
      token(['list', 'L1', 'match'], {
        options: { net: ['n2'] },
        unsetOptions: ['net'],
        setOptions: ['net'],
        member: true,
      }),
    ];
    const plan = planLoad('replace', live, withMembers, { members: true, under: [], text });
    const words = plan.steps.map((s) =>
      [
        s.request.method,
        ...(s.request.actions ?? []),
        ...s.request.words,
        JSON.stringify(s.request.options ?? {}),
      ].join(' '),
    );
    expect(words).toContain('POST SET list L1 match {"net":["n2"]}');
    expect(words).toContain('POST UNSET list L1 match {"net":["n1"]}');
    expect(plan.notes).toContain('1 member is added again with fresh timers (their timeouts start over)');
  });

  it('a line whose file form drops an option is removed and set again with what lies under it', () => {
    const l = [
      value(['rule', '1'], {
        slot: 'R',
        options: { action: ['DROP'], src: [] },
        setOptions: ['action', 'src'],
      }),
    ];
    const f = [
      value(['rule', '1'], { slot: 'R', options: { action: ['ACCEPT'] }, setOptions: ['action', 'src'] }),
    ];
    const plan = planLoad('override', l, f, { members: false, under: [], text });
    expect(plan.steps.map((s) => `${s.request.method} ${JSON.stringify(s.request.options ?? {})}`)).toEqual([
      'DELETE {}',
      'POST {"action":["ACCEPT"]}',
    ]);
    // merge only adds and changes: one SET, the router keeps src.
    expect(planLoad('merge', l, f, { members: false, under: [], text }).steps).toHaveLength(1);
  });

  it('override under WORDS leaves the rest alone', () => {
    const plan = planLoad('override', live, file.slice(0, 3), { members: false, under: ['if'], text });
    expect(plan.steps.some((s) => s.request.words[0] !== 'if')).toBe(false);
    expect(plan.steps.some((s) => s.request.words.join(' ') === 'if e2')).toBe(true);
  });
});

describe('planLoad at size', () => {
  it('plans 20,000 live lines against 20,000 file lines without a pass per line', () => {
    const lines = (mtu: (i: number) => string, from: number) =>
      Array.from({ length: 10_000 }, (_, k) => k + from).flatMap((i) => [
        value(['if', `e${i}`], { slot: 'IF' }),
        value(['if', `e${i}`, 'mtu', mtu(i)], { slot: 'N', multi: false }),
      ]);
    const live = lines(() => '1500', 0);
    const file = lines((i) => (i % 2 ? '9000' : '1500'), 5_000);
    const started = performance.now();
    const plan = planLoad('override', live, file, { members: true, under: [], text });
    console.log(`planned ${plan.steps.length} steps in ${(performance.now() - started).toFixed(0)} ms`);
    // 5,000 interfaces go (one DELETE each), 5,000 come (a SET each and its mtu), 2,500 mtu change.
    expect(plan.steps.filter((s) => s.request.method === 'DELETE')).toHaveLength(5_000);
    expect(plan.steps).toHaveLength(5_000 + 10_000 + 2_500);
  });
});
