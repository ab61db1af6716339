import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PromptLine } from '../../../src/shell/editor/PromptLine.js';
import {
  type LineEditor,
  type UseLineEditorOptions,
  useLineEditor,
  useParsedKeys,
} from '../../../src/shell/editor/use-line-editor.js';

function Harness(props: {
  options: UseLineEditorOptions;
  onReady: () => void;
  expose?: (e: LineEditor) => void;
}) {
  const editor = useLineEditor(props.options);
  useParsedKeys(editor.handleKey, { isActive: props.options.isActive !== false });
  props.expose?.(editor);
  const { onReady } = props;
  useEffect(() => {
    onReady();
  }, [onReady]);
  return (
    <PromptLine
      prompt="> "
      text={editor.text}
      cursor={editor.cursor}
      search={
        editor.state.search ? { query: editor.state.search.query, match: editor.searchMatch } : undefined
      }
    />
  );
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function setup(over: Partial<UseLineEditorOptions> = {}) {
  const onSubmit = vi.fn<(line: string) => void>();
  let ready = false;
  const options: UseLineEditorOptions = { onSubmit, ...over };
  const app = render(<Harness options={options} onReady={() => (ready = true)} />);
  await waitFor(() => ready, 'first effects');
  const line = () =>
    stripVTControlCharacters(app.lastFrame() ?? '')
      .split('\n')[0]
      ?.trimEnd() ?? '';
  const type = async (data: string, expected: string) => {
    app.stdin.write(data);
    await waitFor(
      () => line() === expected,
      `line ${JSON.stringify(expected)} (have ${JSON.stringify(line())})`,
    );
  };
  return { app, onSubmit, line, type };
}

describe('useLineEditor with parsed stdin', () => {
  it('types, submits several keys read at once, and recalls them with Up', async () => {
    const { app, onSubmit, type } = await setup();
    app.stdin.write('show version\rshow ip\r');
    await waitFor(() => onSubmit.mock.calls.length === 2, 'two submits');
    expect(onSubmit.mock.calls).toEqual([['show version'], ['show ip']]);
    await type('draft', '> draft');
    await type('\u001b[A', '> show ip');
    await type('\u001b[A', '> show version');
    await type('\u001b[B\u001b[B', '> draft');
    app.unmount();
  });

  it('editing keys: Ctrl-A, Alt-F, Ctrl-K, Ctrl-Y, Ctrl-W', async () => {
    const { app, type } = await setup();
    await type('set interface eth0', '> set interface eth0');
    await type('\u0001\u001bf\u000b', '> set');
    await type('\u0019', '> set interface eth0');
    await type('\u0017\u0017', '> set');
    app.unmount();
  });

  it('Tab hands the line to onTab and applies the line it returns', async () => {
    const onTab = vi.fn((l: { text: string; cursor: number }) =>
      l.text === 'int' ? { text: 'interface ', cursor: 10 } : undefined,
    );
    const { app, type } = await setup({ onTab });
    await type('int\t', '> interface');
    expect(onTab).toHaveBeenCalledWith({ text: 'int', cursor: 3 }, { repeat: false });
    app.unmount();
  });

  it('tells onTab when a Tab directly follows a Tab (the list gesture)', async () => {
    const calls: boolean[] = [];
    const onTab = vi.fn((l: { text: string; cursor: number }, info: { repeat: boolean }) => {
      calls.push(info.repeat);
      return l.text === 'sh' ? { text: 'show ', cursor: 5 } : undefined;
    });
    const { app, type } = await setup({ onTab });
    await type('sh', '> sh');
    app.stdin.write('\t\t\t');
    await waitFor(() => calls.length === 3, 'three tabs');
    await type('i\t', '> show i');
    await waitFor(() => calls.length === 4, 'fourth tab');
    expect(calls).toEqual([false, true, true, false]);
    app.unmount();
  });

  it('? lists outside quotes and is typed inside them', async () => {
    const onList = vi.fn();
    const { app, type } = await setup({ onList });
    await type('show ?', '> show');
    expect(onList).toHaveBeenCalledWith({ text: 'show ', cursor: 5 });
    await type('"what?', '> show "what?');
    expect(onList).toHaveBeenCalledTimes(1);
    app.unmount();
  });

  it('Ctrl-D deletes forward on a line and exits on an empty one; Ctrl-C clears', async () => {
    const onExit = vi.fn();
    const onCancel = vi.fn();
    const { app, type } = await setup({ onExit, onCancel });
    await type('abc\u0001\u0004', '> bc');
    expect(onExit).not.toHaveBeenCalled();
    await type('\u0003', '>');
    expect(onCancel).toHaveBeenCalledWith({ text: 'bc', cursor: 0 });
    app.stdin.write('\u0004');
    await waitFor(() => onExit.mock.calls.length === 1, 'exit');
    app.unmount();
  });

  it('Ctrl-R searches the history; Enter puts the match on the line; Ctrl-G restores', async () => {
    const history = ['show interface eth0', 'show version', 'metrics query up'];
    const { app, onSubmit, type } = await setup({ history });
    await type('partial', '> partial');
    await type('\u0012ver', "(reverse-i-search)'ver': show version");
    await type('\r', '> show version');
    expect(onSubmit).not.toHaveBeenCalled();
    await type('\u0015\u0012int', "(reverse-i-search)'int': show interface eth0");
    await type('\u0007', '>');
    app.unmount();
  });

  it('inserts a bracketed paste split across reads as one edit (line breaks become blanks)', async () => {
    const { app, type } = await setup();
    app.stdin.write('\u001b[200~set a\r\n');
    await type('set b\u001b[201~', '> set a set b');
    app.unmount();
  });

  it('lets onPaste take a multi-line paste', async () => {
    const onPaste = vi.fn(() => true);
    const { app, type } = await setup({ onPaste });
    await type('x', '> x');
    app.stdin.write('\u001b[200~a\nb\u001b[201~');
    await waitFor(() => onPaste.mock.calls.length === 1, 'paste');
    expect(onPaste).toHaveBeenCalledWith('a\nb', { text: 'x', cursor: 1 });
    app.unmount();
  });

  it('sends menu keys to onMenu while the menu is open', async () => {
    const onMenu = vi.fn(() => undefined);
    const { app, type } = await setup({ menuOpen: true, onMenu });
    await type('ab', '> ab');
    app.stdin.write('\u001b[B\t\r');
    await waitFor(() => onMenu.mock.calls.length === 3, 'menu keys');
    expect(onMenu.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      'menu.down',
      'menu.down',
      'menu.accept',
    ]);
    app.unmount();
  });

  it('ignores keys when inactive', async () => {
    const onSubmit = vi.fn();
    let editor: LineEditor | undefined;
    let ready = false;
    const app = render(
      <Harness
        options={{ onSubmit, isActive: false }}
        onReady={() => (ready = true)}
        expose={(e) => (editor = e)}
      />,
    );
    await waitFor(() => ready, 'ready');
    app.stdin.write('abc\r');
    expect(editor?.handleKey({ name: 'a', ctrl: false, meta: false, shift: false, sequence: 'a' })).toBe(
      false,
    );
    expect(onSubmit).not.toHaveBeenCalled();
    app.unmount();
  });
});

describe('history seeding', () => {
  it('history loaded after the first render is used, with this session’s commands after it', async () => {
    const onSubmit = vi.fn();
    let ready = false;
    const options = (history?: string[]): UseLineEditorOptions =>
      history ? { onSubmit, history } : { onSubmit };
    const app = render(<Harness options={options()} onReady={() => (ready = true)} />);
    await waitFor(() => ready, 'ready');
    const line = () =>
      stripVTControlCharacters(app.lastFrame() ?? '')
        .split('\n')[0]
        ?.trimEnd();
    app.stdin.write('typed now\r');
    await waitFor(() => onSubmit.mock.calls.length === 1, 'submit');
    app.rerender(<Harness options={options(['from file'])} onReady={() => {}} />);
    app.stdin.write('\u001b[A');
    await waitFor(() => line() === '> typed now', 'session entry');
    // A new array with the same content (inline literal) does not reset the walk.
    app.rerender(<Harness options={options(['from file'])} onReady={() => {}} />);
    app.stdin.write('\u001b[A');
    await waitFor(() => line() === '> from file', 'file entry');
    app.unmount();
  });
});
