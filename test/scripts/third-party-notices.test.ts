// THIRD-PARTY-NOTICES' generator (scripts/third-party-notices.mjs) on package directories made
// for the test: which inputs count as bundled, licence files as shipped, MIT without a file,
// and the one-line error for a package it cannot account for. (The built file against what
// dist/ really bundles: test/e2e/package-install.test.ts.)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundledPackages, packageNotice, renderNotices } from '../../scripts/third-party-notices.mjs';

const root = mkdtempSync(join(tmpdir(), 'routersh-notices-'));

function pkg(dir: string, json: object, files: Record<string, string> = {}): void {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, 'package.json'), JSON.stringify(json));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, dir, name), text);
}

const output = (inputs: Record<string, number>) =>
  ({
    inputs: {},
    outputs: {
      'dist/main.js': {
        bytes: 1,
        imports: [],
        exports: [],
        inputs: Object.fromEntries(Object.entries(inputs).map(([k, n]) => [k, { bytesInOutput: n }])),
      },
    },
  }) as unknown as Metafile;

describe('third-party notices', () => {
  it('a package is bundled when one of its files has bytes in an output; nested copies apart', () => {
    const packages = bundledPackages(
      output({
        'src/main.ts': 10,
        'node_modules/a/index.js': 5,
        'node_modules/a/node_modules/b/index.js': 5,
        'node_modules/@s/c/lib/x.js': 5,
        'node_modules/types-only/index.js': 0,
      }),
    );
    expect([...packages.keys()].sort()).toEqual([
      'node_modules/@s/c',
      'node_modules/a',
      'node_modules/a/node_modules/b',
    ]);
  });

  it('licence files as the package ships them, and the patch routersh applies to it', () => {
    pkg(
      'node_modules/a',
      { name: 'a', version: '1.0.0', license: 'MIT' },
      { license: 'MIT text of a\n', NOTICE: 'notice of a' },
    );
    mkdirSync(join(root, 'patches'), { recursive: true });
    writeFileSync(join(root, 'patches', 'a+1.0.0.patch'), '');
    const n = packageNotice(root, 'node_modules/a', ['node_modules/a/index.js']);
    expect(n).toMatchObject({ id: 'a@1.0.0', license: 'MIT', patch: 'patches/a+1.0.0.patch' });
    expect(n.texts).toEqual([
      { file: 'NOTICE', text: 'notice of a' },
      { file: 'license', text: 'MIT text of a' },
    ]);
    const text = renderNotices([n]);
    expect(text).toContain(
      'a@1.0.0 (MIT)\nModified by routersh: patches/a+1.0.0.patch\n--- NOTICE\n\nnotice of a\n',
    );
  });

  it('MIT without a licence file: the MIT text with the copyright lines of its bundled sources', () => {
    pkg(
      'node_modules/y',
      { name: 'y', version: '3.0.0', license: 'MIT' },
      { 'index.js': '/**\n * Copyright (c) Y Inc. and affiliates.\n */\n' },
    );
    const n = packageNotice(root, 'node_modules/y', ['node_modules/y/index.js']);
    expect(n.texts[0]!.text).toMatch(
      /^MIT License\n\nCopyright \(c\) Y Inc\. and affiliates\.\n\nPermission is hereby granted/,
    );
  });

  it('another licence without a file, or MIT without a copyright line, stops the build with one line', () => {
    pkg(
      'node_modules/z',
      { name: 'z', version: '2.0.0', license: 'Apache-2.0' },
      { 'index.js': '// Copyright (c) Z\n' },
    );
    expect(() => packageNotice(root, 'node_modules/z', ['node_modules/z/index.js'])).toThrow(
      /^z@2\.0\.0 ships no licence file \(license: Apache-2\.0\): add its notice to scripts\/third-party-notices\.mjs$/,
    );
    pkg('node_modules/w', { name: 'w', version: '1.0.0', license: 'MIT' }, { 'index.js': 'export {}\n' });
    expect(() => packageNotice(root, 'node_modules/w', ['node_modules/w/index.js'])).toThrow(
      /^w@1\.0\.0 ships no licence file/,
    );
  });
});
