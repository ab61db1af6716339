// The saved configuration's format: a line's text as the lexer reads it back (quoting, flags,
// one pair per value, `***`), the header, and the refusals of a file that is not text or is too
// big — one error naming the file (and the line where there is one).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConfigDoc, ConfigLine } from '../../../src/contract/config.js';
import { isRoutershError } from '../../../src/errors.js';
import {
  decodeConfigFile,
  formatConfigFile,
  MAX_CONFIG_FILE_BYTES,
  parseConfigFile,
} from '../../../src/features/config/config-file.js';
import { docJson, lineText } from '../../../src/features/config/line-text.js';
import { scanLine } from '../../../src/lang/tokenize.js';

const line = (path: string[], options: Record<string, string[]> = {}, secret = false): ConfigLine => ({
  path,
  options,
  secret,
  member: false,
  id: path.join(' '),
  slot: '',
  multi: false,
  settable: true,
  unsettable: true,
  setOptions: Object.keys(options),
});

const doc = (lines: ConfigLine[], extra: Partial<ConfigDoc> = {}): ConfigDoc => ({
  router: 'http://127.0.0.1:8080',
  user: 'admin',
  time: '2026-12-04T03:40:00.000Z',
  version: '1.2.3',
  members: false,
  under: [],
  lines,
  ...extra,
});

const errorOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(isRoutershError(e)).toBe(true);
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('lineText', () => {
  it('quotes path words as the lexer needs, then NAME VALUE per value, a flag alone', () => {
    expect(lineText(line(['interface', 'eth1', 'description', 'rack #3 "top"']))).toBe(
      'interface eth1 description "rack #3 \\"top\\""',
    );
    expect(
      lineText(line(['ipv4', 'firewall', 'filter', 'forward', 'rule', '10'], { action: ['DROP'], src: [] })),
    ).toBe('ipv4 firewall filter forward rule 10 action DROP src');
    expect(lineText(line(['ntp'], { server: ['a', 'b c'] }))).toBe('ntp server a server "b c"');
    expect(lineText(line(['#x', ''], {}))).toBe('"#x" ""');
  });

  it('a secret is *** already: it prints so, and --json says secret', () => {
    const l = line(['snmp', 'community', '***'], {}, true);
    expect(lineText(l)).toBe('snmp community ***');
    expect(JSON.stringify(docJson(doc([l])))).toBe(
      '{"router":"http://127.0.0.1:8080","user":"admin","time":"2026-12-04T03:40:00.000Z","version":"1.2.3",' +
        '"lines":[{"path":["snmp","community","***"],"options":{},"secret":true}]}',
    );
  });
});

describe('formatConfigFile / parseConfigFile', () => {
  it('writes the header and reads it back; # lines and blank lines are not lines', () => {
    const text = formatConfigFile(
      doc([line(['hostname', 'r1']), line(['interface', 'eth0', 'mtu', '9000'])], {
        members: true,
        under: ['interface', 'eth 0'],
      }),
    );
    expect(text).toBe(
      [
        '# routersh configuration',
        '# router: http://127.0.0.1:8080',
        '# user: admin',
        '# time: 2026-12-04T03:40:00.000Z',
        '# version: 1.2.3',
        '# members: yes',
        '# under: interface "eth 0"',
        'hostname r1',
        'interface eth0 mtu 9000',
        '',
      ].join('\n'),
    );
    const back = parseConfigFile(`${text}\n# a note\r\n   \nhostname r2\r\n`, 'r1.conf');
    expect(back.header).toEqual({
      router: 'http://127.0.0.1:8080',
      user: 'admin',
      time: '2026-12-04T03:40:00.000Z',
      version: '1.2.3',
      members: true,
      under: ['interface', 'eth 0'],
    });
    expect(back.lines).toEqual([
      { n: 8, text: 'hostname r1' },
      { n: 9, text: 'interface eth0 mtu 9000' },
      { n: 13, text: 'hostname r2' },
    ]);
  });

  it('a file without members or under reads as members no, the whole tree', () => {
    const back = parseConfigFile('hostname r1\n', 'f');
    expect(back.header).toEqual({ members: false, under: [] });
  });

  it('refuses a file that is not text: a NUL names the line, invalid UTF-8 names its line', () => {
    expect(errorOf(() => parseConfigFile('hostname r1\nhost\u0000name\n', 'bad.conf'))).toBe(
      'bad.conf:2: not a text file (a NUL byte)',
    );
    const bytes = new Uint8Array([...Buffer.from('a b\nc d\n'), 0xff, 0x41, 0x0a]);
    expect(errorOf(() => parseConfigFile(bytes, 'bin.conf'))).toBe(
      'bin.conf:3: not a text file (invalid UTF-8)',
    );
    expect(errorOf(() => parseConfigFile(Buffer.from('x\u0000'), 'nul.conf'))).toBe(
      'nul.conf:1: not a text file (a NUL byte)',
    );
  });

  it('refuses a file over 16 MiB, naming it', () => {
    const big = new Uint8Array(MAX_CONFIG_FILE_BYTES + 1).fill(0x61);
    expect(errorOf(() => decodeConfigFile(big, 'huge.conf'))).toBe(
      'huge.conf: larger than 16 MiB, not read (the limit of a configuration file)',
    );
    expect(decodeConfigFile(Buffer.from('héllo\n'), 'ok.conf')).toBe('héllo\n');
  });

  // Words of any printable text (spaces, quotes, backslashes, `#`, unicode): each line reads
  // back byte for byte, and the lexer reads its words back as they were.
  it('round-trips every line byte-exact, and the lexer reads its words back', () => {
    const word = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom(' ', '"', "'", '\\', '#', '\t'),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        ),
      })
      .map((w) =>
        // One line per configuration line: a line break cannot be in a word of it.
        w.replace(/[\n\r\u0000\u2028\u2029]/g, 'x'),
      );
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
    const options = fc.dictionary(name, fc.array(word, { maxLength: 3 }), { maxKeys: 3 });
    const cl = fc.record({ path: fc.array(word, { minLength: 1, maxLength: 6 }), options });
    fc.assert(
      fc.property(fc.array(cl, { maxLength: 12 }), (ls) => {
        const lines = ls.map((l) => line(l.path, l.options));
        const back = parseConfigFile(formatConfigFile(doc(lines)), 'p.conf');
        expect(back.lines.map((l) => l.text)).toEqual(lines.map(lineText));
        for (const [i, l] of lines.entries()) {
          const words = [
            ...l.path,
            ...Object.entries(l.options).flatMap(([k, v]) => (v.length ? v.flatMap((x) => [k, x]) : [k])),
          ];
          expect(scanLine(back.lines[i]!.text).tokens.map((t) => t.text)).toEqual(words);
        }
      }),
    );
  });
});

describe('a value with a line break', () => {
  it('stays on its line: a router cannot add a line to a saved file', () => {
    const evil = line(['interface', 'eth0', 'description', 'up\n# router: http://evil\r\nhostname evil'], {
      'x\ny': ['a\rb'],
    });
    expect(lineText(evil)).toBe(
      'interface eth0 description "up # router: http://evil hostname evil" x y "a b"',
    );
    const back = parseConfigFile(formatConfigFile(doc([evil])), 'e.conf');
    expect(back.lines).toHaveLength(1);
    expect(back.header.router).toBe('http://127.0.0.1:8080');
  });
});
