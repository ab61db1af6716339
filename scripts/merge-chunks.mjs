// Merges the chunks a one-shot command loads into a few files, after the main build. esbuild
// splits code into one chunk per set of entry points that reach it (each lazy `import()` is an
// entry), so `-c "show interface"` loaded 33 files, and esbuild has no way to group chunks. On
// Node 20 each ES module and each import between them costs its resolution (URL and path
// work, a package scope lookup), read, compile and link: loading those 33 files took ~50 ms of
// CPU where node:http's whole POST takes ~10 (measured). So five groups are re-bundled, by
// esbuild itself (it renames what collides), each into one file:
//   base    — what main.js loads (errors, the sanitizer): every run loads it;
//   cli     — the default command and argument parsing (every command but --version loads it);
//   config  — configuration and profiles (what a command that reads them loads);
//   session — the rest of what `-c` loads that the completion scripts' `__complete` of a word
//             loads too (session, HTTP, router client, language);
//   run     — the rest of what `-c` loads (batch, the runner, pipes, output);
// (A group for the shell's own chunks was tried: nearly all of them are imported by lazy files
// other paths load too, such as fuse.js's, so it would drag Ink into `-c`.) Other chunks the
// light commands load (`--help`, `help`, `completion`, `sim`, `__complete` of a flag) stay as
// they are; cli and config cost such a command at most the rest of their group (~1 and ~20 KB).
// The entries of `-c` (default.ts, batch.ts, batch-loop.ts: the targets of `import()`) join the
// group holding their code under their own export names, and every `import()` of them is pointed
// at the group: `-c "show interface"` loads 6 files (13 before; each file ~0.45 ms of CPU,
// measured against one file holding all). Every other file's imports of a merged chunk are
// pointed at its group; two members exporting the same name (esbuild aliases them in importers)
// get distinct names in the group.
// Each group starts with the `// path` lines of the sources it holds, as esbuild writes above
// each module (test/e2e/startup-lean.test.ts reads them).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';

/** The one-shot path's entries (src/commands/index.ts → default.ts → batch.ts → batch-loop.ts). */
const ONE_SHOT = [
  'src/main.ts',
  'src/commands/default.ts',
  'src/commands/batch.ts',
  'src/commands/batch-loop.ts',
  // The start rule's check, imported by default.ts once a run is past --help and its flags.
  'src/commands/start-check.ts',
];
/** The main argument parser: an entry of its own (commands/index.ts imports it lazily). */
const ARGS = 'src/cli/args.ts';
/**
 * What `__complete` loads for a word of -c: the session part of one-shot's chunks (the words,
 * and the session it opens only when the words kept on disk lack what a line needs).
 */
const WORDS = ['src/commands/completion/live-words.ts', 'src/commands/completion/router-session.ts'];
/** Commands that must stay light: a chunk they load is merged into no group. */
const LIGHT = [
  'src/main.ts',
  'src/commands/default.ts',
  'src/commands/help.ts',
  'src/commands/complete.ts',
  'src/commands/completion.ts',
  'src/commands/sim.ts',
];

/**
 * @param {string} root the repository (absolute, ending in '/')
 * @param {import('esbuild').Metafile} meta the main build's metafile (outputs relative to root)
 * @returns {Promise<Record<string, {file: string, merged: number}>>} what was merged
 */
export async function mergeChunks(root, meta) {
  const outs = meta.outputs;
  const entryOf = Object.fromEntries(
    Object.entries(outs)
      .filter(([, o]) => o.entryPoint)
      .map(([k, o]) => [o.entryPoint, k]),
  );
  const closure = (starts) => {
    const seen = new Set();
    const todo = [...starts];
    while (todo.length) {
      const o = todo.pop();
      if (seen.has(o)) continue;
      seen.add(o);
      for (const i of outs[o].imports) if (i.kind === 'import-statement' && outs[i.path]) todo.push(i.path);
    }
    return seen;
  };
  const chunk = (o) => outs[o].entryPoint === undefined && o.endsWith('.js');
  const main = entryOf['src/main.ts'];
  const base = [...closure([main])].filter(chunk);
  const light = closure(LIGHT.map((e) => entryOf[e]).filter(Boolean));
  const path = [...closure(ONE_SHOT.map((e) => entryOf[e]))].filter(chunk);
  const oneShot = path.filter((o) => !light.has(o));
  const words = closure(WORDS.map((e) => entryOf[e]).filter(Boolean));
  const session = oneShot.filter((o) => words.has(o));
  const run = oneShot.filter((o) => !words.has(o));
  // The one-shot path's light chunks: argument parsing (what the default command loads) and
  // the configuration. Each group costs a light command that loads one of its members the rest
  // (the default command's own code, ~1 KB; the configuration's other files, ~20 KB).
  const [mainEntry, defaultEntry, ...runEntries] = ONE_SHOT.map((e) => entryOf[e]);
  const cli = [...closure([defaultEntry])].filter((o) => chunk(o) && !base.includes(o));
  const config = path.filter((o) => light.has(o) && !base.includes(o) && !cli.includes(o));
  /** member chunk → { file, names: export name in the member → export name in the group } */
  const moved = new Map();
  const groups = [];
  // An entry (what `import()` names) joins the group that holds its code: its importers are
  // pointed at the group, which exports the entry's names as they are.
  const planned = [
    ['base', base],
    // The argument parser is an entry too: commands/index.ts imports it for main flags before a
    // command's name (its code is in the group; the entry file only names it).
    ['cli', [defaultEntry, ...(entryOf[ARGS] ? [entryOf[ARGS]] : []), ...cli]],
    ['config', config],
    ['session', session],
    ['run', [...runEntries, ...run]],
  ].filter(([, members]) => !members.includes(mainEntry) && !members.includes(undefined));
  for (const [name, members] of planned) {
    if (members.length < 2) continue;
    const group = await mergeGroup(root, outs, name, members);
    groups.push(group.file);
    for (const [m, names] of group.names) moved.set(m, { file: group.file, names });
  }
  for (const o of [...Object.keys(outs).filter((f) => f.endsWith('.js') && !moved.has(f)), ...groups]) {
    const path = join(root, o);
    const text = readFileSync(path, 'utf8');
    const next = pointAt(text, o, moved);
    if (next !== text) writeFileSync(path, next);
  }
  for (const m of moved.keys()) rmSync(join(root, m));
  return Object.fromEntries(planned.map(([name, members]) => [name, members.length]));
}

/**
 * Rewrites `import {…} from "./x.js"`, `export {…} from`, `import "./x.js"` and `import("./x.js")`
 * of moved chunks (an entry's names are the same in its group, so an `import()` needs no more).
 */
function pointAt(text, file, moved) {
  const target = new Map([...moved].map(([m, v]) => [relative(file, m), v]));
  const dynamic = /\bimport\(\s*"(\.[^"]+)"\s*\)/g;
  const next = text.replace(dynamic, (all, spec) => {
    const to = target.get(spec);
    return to ? `import(${JSON.stringify(relative(file, to.file))})` : all;
  });
  const clause = /\b(import|export)(\s*\{([^}]*)\}\s*from)?\s*"(\.[^"]+)"/g;
  return next.replace(clause, (all, kind, from, specs, spec) => {
    const to = target.get(spec);
    if (!to) return all;
    const rel = relative(file, to.file);
    if (!from) return `${kind} "${rel}"`;
    const renamed = specs
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [name, local = name] = s.split(/\s+as\s+/);
        const now = to.names.get(name);
        if (now === undefined)
          throw new Error(`merge-chunks: ${file} imports ${name}, which ${spec} does not export`);
        return now === local ? now : `${now} as ${local}`;
      });
    return `${kind} { ${renamed.join(', ')} } from "${rel}"`;
  });
}

/** `./x.js` or `./chunks/x.js`: how esbuild writes `to` in an import of `from`. */
function relative(from, to) {
  const a = dirname(from);
  const b = dirname(to);
  if (a === b) return `./${basename(to)}`;
  if (`${a}/chunks` === b) return `./chunks/${basename(to)}`;
  throw new Error(`merge-chunks: unexpected layout ${from} → ${to}`);
}

/** Re-bundles `members` (chunks in one folder) into one file; every other file stays external. */
async function mergeGroup(root, outs, name, members) {
  const dir = dirname(members[0]);
  // Dependencies first, in the order the chunks import each other.
  const order = [];
  const seen = new Set();
  const visit = (o) => {
    if (seen.has(o) || !members.includes(o)) return;
    seen.add(o);
    for (const i of outs[o].imports) if (i.kind === 'import-statement') visit(i.path);
    order.push(o);
  };
  for (const m of members) visit(m);
  const taken = new Set();
  const names = new Map();
  // Entries first: their names must stay as they are (an import() reads them off the group).
  const entriesFirst = [
    ...order.filter((m) => outs[m].entryPoint),
    ...order.filter((m) => !outs[m].entryPoint),
  ];
  for (const m of entriesFirst) {
    const own = new Map();
    for (const e of outs[m].exports) {
      let n = e;
      for (let k = 2; taken.has(n); k++) n = `${e}$${k}`;
      taken.add(n);
      own.set(e, n);
    }
    names.set(m, own);
  }
  const abs = new Set(order.map((m) => join(root, m)));
  const entry = order
    .map((m) => {
      const specs = [...names.get(m)].map(([e, n]) => (e === n ? e : `${e} as ${n}`));
      return specs.length
        ? `export { ${specs.join(', ')} } from ${JSON.stringify(`./${basename(m)}`)};`
        : `import ${JSON.stringify(`./${basename(m)}`)};`;
    })
    .join('\n');
  const result = await build({
    absWorkingDir: root,
    stdin: { contents: entry, resolveDir: join(root, dir), sourcefile: `${name}.js` },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'only-members',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (a) => {
            if (a.kind === 'entry-point') return undefined;
            const path = a.path.startsWith('.') ? join(a.resolveDir, a.path) : a.path;
            return abs.has(path) ? { path } : { path: a.path, external: true };
          });
        },
      },
    ],
  });
  const sources = [...new Set(order.flatMap((m) => Object.keys(outs[m].inputs)))].map((s) => `// ${s}`);
  const code = `${sources.join('\n')}\n${result.outputFiles[0].text}`;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8).toUpperCase();
  const file = `${dir}/${name}-${hash}.js`;
  writeFileSync(join(root, file), code);
  return { file, names };
}
