// Completion as the prompt uses it: colour and hint on every change (synchronous, from the
// cache; obsolete background lookups aborted), Tab (common prefix, a blank after a unique
// word, a menu when nothing can be inserted), `?` (the menu), and the menu's keys.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type Candidate,
  type Classification,
  type Completion,
  classifyLineSync,
  complete,
  type MetadataCache,
  resolveLine,
  type ValueCompleter,
  completeSync,
  isInsideQuote,
} from '../lang/index.js';
import type { MenuCommand, LineSnapshot } from './editor/use-line-editor.js';
import type { Span } from './editor/PromptLine.js';
import { lineHint, lineSpans } from './editor/line-view.js';

export interface CompletionUiDeps {
  cache: MetadataCache;
  context: readonly string[];
  valueCompleter: ValueCompleter | undefined;
  /** Sets the editor's line (async answers arrive after the key). */
  setLine: (text: string, cursor: number) => void;
  /** The line now, to drop async answers for a line that has changed since. */
  currentLine: () => LineSnapshot;
  /** The menu state lives with the caller: the line editor needs to know it is open. */
  menu: MenuState | null;
  setMenu: (m: MenuState | null) => void;
}

export interface MenuState {
  candidates: Candidate[];
  selected: number | undefined;
  completion: Completion;
}

/** Inserts `text` in place of [from, to); `blank` adds a separating blank after it. */
function splice(line: LineSnapshot, from: number, to: number, text: string, blank: boolean): LineSnapshot {
  const after = line.text.slice(to);
  // Text that leaves a quote open (an expression still being written) gets no blank after it.
  if (blank && isInsideQuote(line.text.slice(0, from) + text, from + text.length)) blank = false;
  const sep = blank && !after.startsWith(' ') ? ' ' : '';
  const next = line.text.slice(0, from) + text + sep + after;
  return { text: next, cursor: from + text.length + (blank ? 1 : 0) };
}

const viewOf = (d: CompletionUiDeps) => ({
  cache: d.cache,
  context: d.context,
  dynamicValues: d.valueCompleter !== undefined,
});
const engineOf = (d: CompletionUiDeps) => ({
  cache: d.cache,
  context: d.context,
  ...(d.valueCompleter ? { valueCompleter: d.valueCompleter } : {}),
});
const same = (a: LineSnapshot, b: LineSnapshot) => a.text === b.text && a.cursor === b.cursor;

export function useCompletionUi(d: CompletionUiDeps) {
  const [spans, setSpans] = useState<Span[]>([]);
  const [hint, setHint] = useState<string | undefined>();
  const { menu, setMenu } = d;
  const deps = useRef(d);
  deps.current = d;
  const background = useRef<AbortController | null>(null);

  const view = () => viewOf(deps.current);
  const engine = () => engineOf(deps.current);

  const refresh = useCallback((line: LineSnapshot) => {
    const atEnd = line.cursor === line.text.length;
    const show = (c: Classification, comp: Completion | 'pending') => {
      setSpans(lineSpans(c));
      setHint(lineHint(c, comp, atEnd));
    };
    const v = viewOf(deps.current);
    const c = classifyLineSync(line.text, v);
    const comp = completeSync(line.text, line.cursor, v);
    show(c, comp);
    if (c.kind !== 'pending' && comp !== 'pending') return;
    // Fill the cache off the keystroke path (a newer keystroke aborts this), then show once
    // more. No second round: a slot that is always 'pending' synchronously (telemetry values)
    // must not turn into a loop of lookups that starves the keyboard.
    background.current?.abort();
    const ac = new AbortController();
    background.current = ac;
    const e = engineOf(deps.current);
    void (async () => {
      if (c.kind === 'pending') await resolveLine(line.text, e, ac.signal);
      const done = comp === 'pending' ? await complete(line.text, line.cursor, e, ac.signal) : comp;
      if (ac.signal.aborted || !same(line, deps.current.currentLine())) return;
      show(classifyLineSync(line.text, viewOf(deps.current)), done);
    })().catch(() => {
      // The router may be unreachable: typing goes on; the error shows when the line runs.
    });
  }, []);

  // Context changes (edit/up/top) recolour the (empty or kept) line.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the context is the trigger
  useEffect(() => refresh(deps.current.currentLine()), [d.context, refresh]);
  useEffect(() => () => background.current?.abort(), []);

  const openMenu = (c: Completion) => {
    if (c.candidates.length === 0) {
      setHint(c.hint ?? 'nothing can follow here');
      setMenu(null);
      return;
    }
    setMenu({ candidates: c.candidates, selected: undefined, completion: c });
  };

  const applyTab = (c: Completion, line: LineSnapshot, repeat: boolean): LineSnapshot | undefined => {
    const insertable = c.candidates.filter((x) => x.insertable);
    const current = line.text.slice(c.replaceFrom, c.replaceTo);
    if (!repeat && insertable.length === 1) {
      return splice(line, c.replaceFrom, c.replaceTo, (insertable[0] as Candidate).text, true);
    }
    if (!repeat && insertable.length > 1 && c.commonPrefix.length > current.length) {
      return splice(line, c.replaceFrom, c.replaceTo, c.commonPrefix, false);
    }
    openMenu(c);
    return undefined;
  };

  const withCompletion = (line: LineSnapshot, then: (c: Completion) => LineSnapshot | undefined) => {
    const c = completeSync(line.text, line.cursor, view());
    if (c !== 'pending') return then(c);
    background.current?.abort();
    const ac = new AbortController();
    background.current = ac;
    setHint('…');
    complete(line.text, line.cursor, engine(), ac.signal).then(
      (res) => {
        if (ac.signal.aborted || !same(line, deps.current.currentLine())) return;
        const next = then(res);
        if (next) deps.current.setLine(next.text, next.cursor);
        else refresh(line);
      },
      (e: unknown) => {
        if (!ac.signal.aborted) setHint(`completion unavailable: ${(e as Error).message}`);
      },
    );
    return undefined;
  };

  const onTab = (line: LineSnapshot, info: { repeat: boolean }) =>
    withCompletion(line, (c) => applyTab(c, line, info.repeat));

  const onList = (line: LineSnapshot) =>
    withCompletion(line, (c) => {
      openMenu(c);
      return undefined;
    });

  const onMenu = (cmd: MenuCommand, line: LineSnapshot): LineSnapshot | undefined => {
    if (!menu) return undefined;
    const n = menu.candidates.length;
    switch (cmd) {
      case 'menu.up':
      case 'menu.down': {
        const step = cmd === 'menu.down' ? 1 : -1;
        const sel = menu.selected === undefined ? (step > 0 ? 0 : n - 1) : (menu.selected + step + n) % n;
        setMenu({ ...menu, selected: sel });
        return undefined;
      }
      case 'menu.accept': {
        const pick = menu.selected === undefined ? undefined : menu.candidates[menu.selected];
        setMenu(null);
        if (!pick?.insertable) return undefined;
        return splice(line, menu.completion.replaceFrom, menu.completion.replaceTo, pick.text, true);
      }
      case 'menu.close':
        setMenu(null);
        return undefined;
    }
  };

  const onChange = (line: LineSnapshot) => {
    setMenu(null);
    refresh(line);
  };

  return { spans, hint, menu, onTab, onList, onMenu, onChange, closeMenu: () => setMenu(null) };
}
