// The shell's last writes sanitize: the prompt label and line (items written above the live
// region: scrollback.test.tsx). The frames Ink writes
// hold no hostile sequence. And the stdout Ink is given never lets it wipe the scrollback.
import { EventEmitter } from 'node:events';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { PromptLine } from '../../src/shell/editor/PromptLine.js';
import { inkStdout, realStdout, UNBOUNDED_ROWS } from '../../src/term/ink-stdout.js';
import { hostileSequences } from '../helpers/terminal-bytes.js';
import { EVIL } from '../hostile/router.js';

describe('the prompt is sanitized when drawn', () => {
  it('the label (context words come from the router) and the line', () => {
    const r = render(
      <PromptLine prompt={`admin@r1 interface eth${EVIL}> `} text={`show ${EVIL}`} cursor={3} />,
    );
    const frame = r.lastFrame() ?? '';
    expect(frame).toContain('evil');
    expect(hostileSequences(frame)).toEqual([]);
  });
});

describe('inkStdout', () => {
  it('reports no row limit to Ink; the real stream keeps its size, writes and events', () => {
    const real = Object.assign(new EventEmitter(), {
      rows: 20,
      columns: 80,
      isTTY: true,
      written: '' as string,
      write(s: string) {
        this.written += s;
        return true;
      },
    });
    const out = inkStdout(real as unknown as NodeJS.WriteStream);
    expect(out.rows).toBe(UNBOUNDED_ROWS);
    expect(out.columns).toBe(80);
    expect(realStdout(out).rows).toBe(20);
    out.write('x');
    expect(real.written).toBe('x');
    let resized = 0;
    const onResize = () => resized++;
    out.on('resize', onResize);
    real.emit('resize');
    out.off('resize', onResize);
    real.emit('resize');
    expect(resized).toBe(1);
  });
});
