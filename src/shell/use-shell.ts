// The interactive shell's controller: the line editor, completion, running a line (with a
// cancellable request and a spinner), contexts, panes, pasted blocks, and the scrollback.
import { useCallback, useEffect, useRef, useState } from 'react';
import { asRoutershError, cancelledError } from '../errors.js';
import { useLineEditor } from './editor/use-line-editor.js';
import type { Key } from './keys/key-parser.js';
import { isPaste } from './keys/key-parser.js';
import { promptText } from './editor/line-view.js';
import type { Outcome, PaneSpec } from '../run/outcome.js';
import { checkPaste } from '../run/paste.js';
import { runLine } from '../run/runner.js';
import { errorItem, item, type ShellItem } from './scrollback.js';
import type { Session } from '../run/session.js';
import { type MenuState, useCompletionUi } from './use-completion-ui.js';

export interface UseShellOptions {
  session: Pick<Session, 'deps' | 'cache' | 'valueCompleter' | 'label'>;
  history: readonly string[];
  /** Records a command as typed in `context` (the context lets redaction read the metadata). */
  recordHistory: (line: string, context: readonly string[]) => void;
  onExit: () => void;
  /** Ctrl-L. */
  onClearScreen?: () => void;
}

export function useShell(o: UseShellOptions) {
  const [items, setItems] = useState<ShellItem[]>([]);
  const [context, setContext] = useState<string[]>([]);
  const [running, setRunning] = useState<{ since: number } | null>(null);
  const [pane, setPane] = useState<PaneSpec | null>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const inflight = useRef<AbortController | null>(null);
  const ctxRef = useRef(context);
  ctxRef.current = context;
  const prompt = promptText(o.session.label, context);
  const push = useCallback((...add: ShellItem[]) => setItems((prev) => [...prev, ...add]), []);

  // Applies one outcome; returns false when it failed (a paste stops there).
  const apply = (outcome: Outcome, line: { prompt: string; text: string }): boolean => {
    switch (outcome.kind) {
      case 'empty':
        return true;
      case 'router':
      case 'text':
        if (outcome.text) push(item('output', outcome.text));
        return true;
      case 'context':
        ctxRef.current = outcome.context;
        setContext(outcome.context);
        return true;
      case 'exit':
        o.onExit();
        return true;
      case 'pane':
        setPane(outcome.spec);
        return true;
      case 'error':
        push(errorItem(outcome.error, { ...line, ...(outcome.at ? { at: outcome.at } : {}) }));
        return false;
      default: {
        const never: never = outcome;
        return Boolean(never);
      }
    }
  };

  const run = async (texts: string[]) => {
    const ac = new AbortController();
    inflight.current = ac;
    setRunning({ since: Date.now() });
    try {
      for (const text of texts) {
        const p = promptText(o.session.label, ctxRef.current);
        if (texts.length > 1) push(item('command', p + text));
        const outcome = await runLine(text, { context: ctxRef.current }, o.session.deps, ac.signal);
        if (!apply(outcome, { prompt: p, text }) || ac.signal.aborted) break;
      }
    } finally {
      inflight.current = null;
      setRunning(null);
    }
  };

  const onSubmit = (text: string) => {
    push(item('command', prompt + text));
    if (text.trim() === '') return;
    o.recordHistory(text, ctxRef.current);
    void run([text]);
  };

  const onPaste = (text: string): boolean => {
    if (!text.includes('\n')) return false;
    const ac = new AbortController();
    inflight.current = ac;
    setRunning({ since: Date.now() });
    void checkPaste(text, ctxRef.current, o.session.deps.resolve, ac.signal)
      .then(async (check) => {
        const n = check.lines.length;
        push(
          item(
            'info',
            `pasted ${n} command${n === 1 ? '' : 's'}${check.bad.length ? `; ${check.bad.length} wrong, nothing run:` : ''}`,
          ),
        );
        if (check.bad.length) {
          for (const b of check.bad) push(item('error', `% line ${b.n}: ${b.message}`));
          return;
        }
        for (const l of check.lines) o.recordHistory(l.text, ctxRef.current);
        inflight.current = null;
        await run(check.lines.map((l) => l.text));
      })
      .catch((e: unknown) => {
        push(errorItem(asRoutershError(e)));
      })
      .finally(() => {
        if (inflight.current === ac) {
          inflight.current = null;
          setRunning(null);
        }
      });
    return true;
  };

  const editor = useLineEditor({
    onSubmit,
    onTab: (line, info) => completion.onTab(line, info),
    onList: (line) => completion.onList(line),
    onMenu: (cmd, line) => completion.onMenu(cmd, line),
    onChange: (line) => completion.onChange(line),
    onCancel: (line) => {
      if (line.text) push(item('command', `${prompt}${line.text}^C`));
    },
    onExit: o.onExit,
    onClearScreen: o.onClearScreen,
    onPaste,
    history: o.history,
    menuOpen: menu !== null,
  });
  const completion = useCompletionUi({
    cache: o.session.cache,
    context,
    valueCompleter: o.session.valueCompleter,
    setLine: editor.setLine,
    currentLine: editor.current,
    menu,
    setMenu,
  });

  // Keys typed while a request runs are kept and replayed at the prompt (type-ahead), as a
  // terminal line discipline would; Ctrl-C aborts the request instead.
  const typeAhead = useRef<Key[]>([]);
  useEffect(() => {
    if (running || pane) return;
    const keys = typeAhead.current;
    typeAhead.current = [];
    for (const k of keys) editor.handleKey(k);
  }, [running, pane, editor.handleKey]);

  const handleKey = (key: Key) => {
    if (pane) return;
    if (running) {
      if (!isPaste(key) && key.ctrl && key.name === 'c') {
        typeAhead.current = [];
        inflight.current?.abort(cancelledError());
      } else if (typeAhead.current.length < 256) typeAhead.current.push(key);
      return;
    }
    editor.handleKey(key);
  };

  return {
    items,
    prompt,
    editor,
    completion,
    running,
    pane,
    closePane: () => setPane(null),
    handleKey,
  };
}
