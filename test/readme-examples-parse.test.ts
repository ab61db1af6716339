// The README example conventions (test/readme-examples.ts) on small documents.
import { describe, expect, it } from 'vitest';
import { fencedBlocks, shellExamples, shExamples } from './readme-examples.js';

const doc = [
  '```routersh',
  'routersh> show hostname',
  'router',
  'routersh> interface eth0 mtu abc',
  "% invalid value 'abc': expected <num>",
  '```',
  '```routersh',
  '# a comment',
  'metrics query up',
  '```',
  '```sh',
  'npm test',
  'ROUTERSH_PASSWORD=x npx routersh --router http://h -c "show hostname"',
  'routersh --password x   # exit 2',
  '```',
  '```',
  'routersh never run',
  '```',
].join('\n');

describe('README example extraction', () => {
  const blocks = fencedBlocks(doc);
  it('finds the blocks and their languages', () => {
    expect(blocks.map((b) => b.lang)).toEqual(['routersh', 'routersh', 'sh', '']);
  });
  it('reads transcripts (prompt lines; % output means a failure is expected) and plain lists', () => {
    expect(shellExamples(blocks)).toEqual([
      [
        { block: 1, line: 2, command: 'show hostname', failExpected: false },
        { block: 1, line: 4, command: 'interface eth0 mtu abc', failExpected: true },
      ],
      [{ block: 7, line: 9, command: 'metrics query up', failExpected: false }],
    ]);
  });
  it('runs only routersh command lines of sh blocks, with their expected exit', () => {
    expect(shExamples(blocks).map((e) => [e.line, e.exit])).toEqual([
      [13, 0],
      [14, 2],
    ]);
  });
});
