import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it, vi } from 'vitest';

// Colours are what this widget is about: force them on before ink (and chalk) load.
vi.hoisted(() => {
  process.env['FORCE_COLOR'] = '1';
});

import { render } from 'ink-testing-library';
import { PromptLine } from '../../../src/shell/editor/PromptLine.js';

const INVERSE = '\u001b[7m';
const GREEN = '\u001b[32m';
const CYAN = '\u001b[36m';
const RED = '\u001b[31m';
const YELLOW = '\u001b[33m';

const frame = (el: React.ReactElement) => {
  const app = render(el);
  const raw = app.lastFrame() ?? '';
  app.unmount();
  return { raw, text: stripVTControlCharacters(raw), lines: stripVTControlCharacters(raw).split('\n') };
};

// The text drawn in inverse video (the cursor cell).
const cursorCell = (raw: string) => /\u001b\[7m(.*?)\u001b\[27m/.exec(raw)?.[1];

describe('PromptLine', () => {
  it('shows the prompt and the line with an inverse cursor on the character under it', () => {
    const { raw, lines } = frame(<PromptLine prompt="admin@r1> " text="show version" cursor={5} />);
    expect(lines[0]).toBe('admin@r1> show version');
    expect(raw).toContain(INVERSE);
    expect(cursorCell(raw)).toBe('v');
  });

  it('draws the cursor as an inverse blank at the end of the line', () => {
    const { raw, lines } = frame(<PromptLine prompt="> " text="show" cursor={4} />);
    expect(lines[0]?.trimEnd()).toBe('> show');
    expect(cursorCell(raw)).toBe(' ');
  });

  it('puts the cursor on a whole wide character', () => {
    const { raw } = frame(<PromptLine prompt="> " text="a接口" cursor={1} />);
    expect(cursorCell(raw)).toBe('接');
  });

  it('colours spans by kind', () => {
    const text = 'interface eth0 mtu 9x';
    const { raw, lines } = frame(
      <PromptLine
        prompt="> "
        text={text}
        cursor={text.length}
        spans={[
          { start: 0, end: 9, style: 'known' },
          { start: 10, end: 14, style: 'value' },
          { start: 15, end: 18, style: 'option' },
          { start: 19, end: 21, style: 'bad' },
        ]}
      />,
    );
    expect(lines[0]?.trimEnd()).toBe(`> ${text}`);
    expect(raw).toContain(`${GREEN}interface`);
    expect(raw).toContain(`${YELLOW}eth0`);
    expect(raw).toContain(`${CYAN}mtu`);
    expect(raw).toContain(`${RED}`);
    expect(raw).toMatch(/\u001b\[31m(\u001b\[4m)?9x/);
  });

  it('shows a dim hint on the next line', () => {
    const { lines, raw } = frame(
      <PromptLine prompt="> " text="mtu " cursor={4} hint="<68-9216> interface MTU" />,
    );
    expect(lines[1]).toBe('<68-9216> interface MTU');
    expect(raw).toContain('\u001b[2m<68-9216>');
  });

  it('makes control characters in a hint visible instead of sending them', () => {
    const { raw } = frame(
      <PromptLine prompt="> " text="" cursor={0} hint={'bad\u001b]0;title\u0007 help'} />,
    );
    expect(raw).not.toContain(']0;title');
  });

  it('scrolls a long line so the cursor stays visible within the width', () => {
    const text = `set description ${'word '.repeat(30)}END`;
    const { lines, raw } = frame(<PromptLine prompt="admin@r1> " text={text} cursor={text.length} />);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.length).toBeLessThanOrEqual(100);
    expect(lines[0]).toMatch(/^admin@r1> <.*END $/);
    expect(cursorCell(raw)).toBe(' ');
  });

  it('at the start of a long line shows the beginning and marks the rest', () => {
    const text = 'x'.repeat(300);
    const { lines, raw } = frame(<PromptLine prompt="> " text={text} cursor={0} />);
    expect(lines[0]).toMatch(/^> x+>$/);
    expect(lines[0]?.length).toBeLessThanOrEqual(100);
    expect(cursorCell(raw)).toBe('x');
  });

  it('renders the reverse search display', () => {
    const { lines, raw } = frame(
      <PromptLine prompt="> " text="" cursor={0} search={{ query: 'int', match: 'show interface eth0' }} />,
    );
    expect(lines[0]).toBe("(reverse-i-search)'int': show interface eth0");
    expect(cursorCell(raw)).toBe('i');
    const failing = frame(
      <PromptLine prompt="> " text="" cursor={0} search={{ query: 'zz', failing: true }} />,
    );
    expect(failing.lines[0]?.trimEnd()).toBe("(failing reverse-i-search)'zz':");
  });

  it('can hide the cursor', () => {
    const { raw } = frame(<PromptLine prompt="> " text="abc" cursor={1} showCursor={false} />);
    expect(raw).not.toContain(INVERSE);
  });
});

describe('PromptLine scrolling between renders', () => {
  it('does not move the text while the cursor moves inside the visible part', () => {
    const text = `${'a'.repeat(150)}WXYZ`;
    const app = render(<PromptLine prompt="> " text={text} cursor={text.length} />);
    const before = stripVTControlCharacters(app.lastFrame() ?? '');
    app.rerender(<PromptLine prompt="> " text={text} cursor={text.length - 2} />);
    const after = stripVTControlCharacters(app.lastFrame() ?? '');
    expect(after.trimEnd()).toBe(before.trimEnd());
    expect(cursorCell(app.lastFrame() ?? '')).toBe('Y');
    app.unmount();
  });
});
