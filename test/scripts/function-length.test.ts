// No function in src/ over 120 lines, no pane hook (src/panes/**/use-*.ts) over 80: every
// function-like node (declarations, arrows, methods, function expressions, accessors) is
// measured by the lines its body spans, with the TypeScript compiler's own parser.
// A failure lists each offender as file:line, its name (within the functions around it) and length.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAX_LINES = 120;
const MAX_HOOK_LINES = 80;
const HOOK_FILE = /^src\/panes\/.*\/use-[^/]*\.tsx?$/;

interface Long {
  /** `file#name`, the name within the functions around it. */
  key: string;
  at: string;
  lines: number;
  limit: number;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });

/** A function's name: its own, or the binding, property or call it is the value of. */
function nameOf(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText(sf);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const p = node.parent;
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name)
    return p.name.getText(sf);
  if (ts.isCallExpression(p)) return `${p.expression.getText(sf).split('(')[0]} callback`;
  return 'anonymous';
}

/** The names of the functions around `node`, outermost first, and its own. */
function qualified(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  const names = [nameOf(node, sf)];
  for (let p = node.parent; p; p = p.parent)
    if (ts.isFunctionLike(p) && 'body' in p && p.body) names.unshift(nameOf(p, sf));
  return names.join('/');
}

function longFunctions(root = ROOT): Long[] {
  const out: Long[] = [];
  for (const path of sourceFiles(join(root, 'src'))) {
    const file = relative(root, path).split('\\').join('/');
    const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const limit = HOOK_FILE.test(file) ? MAX_HOOK_LINES : MAX_LINES;
    const visit = (node: ts.Node): void => {
      if (
        (ts.isFunctionDeclaration(node) ||
          ts.isArrowFunction(node) ||
          ts.isFunctionExpression(node) ||
          ts.isMethodDeclaration(node) ||
          ts.isConstructorDeclaration(node) ||
          ts.isGetAccessorDeclaration(node) ||
          ts.isSetAccessorDeclaration(node)) &&
        node.body
      ) {
        const first = sf.getLineAndCharacterOfPosition(node.body.getStart(sf)).line;
        const last = sf.getLineAndCharacterOfPosition(node.body.getEnd()).line;
        const lines = last - first + 1;
        if (lines > limit)
          out.push({ key: `${file}#${qualified(node, sf)}`, at: `${file}:${first + 1}`, lines, limit });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

const listed = (longs: readonly Long[]) =>
  longs.map((l) => `${l.at} ${l.key.split('#')[1]}: ${l.lines} lines (limit ${l.limit})`).join('\n');

/** A function whose body spans `n` lines. */
const fn = (head: string, n: number) => `${head} {\n${'  x();\n'.repeat(n - 2)}}\n`;

describe('function length', () => {
  it('measures each kind of function by its body, the hooks of panes against their own limit', () => {
    const root = mkdtempSync(join(tmpdir(), 'function-length-'));
    const files: Record<string, string> = {
      'src/a.ts': fn('export function long()', 121) + fn('export function fits()', 120),
      'src/b.tsx': `const o = { m() ${fn('', 121).trim()}, f: () => 1 };\nexport const arrow = () => ${fn('', 122)}`,
      'src/c.ts': `class K {\n  constructor() ${fn('', 130)}}\nexport const k = [1].map(function () ${fn('', 121).trim()});\n`,
      'src/panes/x/use-x.ts': fn('export function useX()', 81) + fn('export function useY()', 80),
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      expect(longFunctions(root).map((l) => `${l.at} ${l.key} ${l.lines}/${l.limit}`)).toEqual([
        'src/a.ts:1 src/a.ts#long 121/120',
        'src/b.tsx:1 src/b.tsx#m 121/120',
        'src/b.tsx:122 src/b.tsx#arrow 122/120',
        'src/c.ts:2 src/c.ts#constructor 130/120',
        'src/c.ts:133 src/c.ts#[1].map callback 121/120',
        'src/panes/x/use-x.ts:1 src/panes/x/use-x.ts#useX 81/80',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it(`no function in src/ over ${MAX_LINES} lines, no pane hook over ${MAX_HOOK_LINES}`, () => {
    const longs = longFunctions();
    expect(longs, `too long (split them along their seams):\n${listed(longs)}`).toEqual([]);
  });
});
