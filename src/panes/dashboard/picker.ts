// The `v` picker: one variable at a time, its values (fixed, or looked up from label values),
// a cursor, the values ticked (space; one value unless the variable is multi) and `All`.
import type { Chosen, Variable } from '../../contract/dashboard.js';

export const ALL = 'All';

export interface PickerState {
  varIndex: number;
  name: string;
  multi: boolean;
  includeAll: boolean;
  /** null: still being looked up. */
  values: string[] | null;
  error: string | null;
  cursor: number;
  selected: string[];
  /** All is sent as `.*` for this variable, and why (its values were cut at open): kept by a new choice. */
  wildcard?: string;
  all: boolean;
}

export type PickerAction =
  | {
      type: 'open';
      varIndex: number;
      variable: Variable;
      chosen: Chosen | undefined;
      values: string[] | null;
    }
  | { type: 'values'; varIndex: number; values: string[] }
  | { type: 'failed'; varIndex: number; message: string }
  | { type: 'up' | 'down' | 'toggle' | 'close' };

/** The rows the picker lists: `All` first when offered. */
export const pickerOptions = (p: PickerState): string[] =>
  p.includeAll || p.multi ? [ALL, ...(p.values ?? [])] : (p.values ?? []);

/** What accepting the picker chooses: the cursor's value, or for a multi variable what is ticked. */
export function pickerChoice(p: PickerState): Chosen | undefined {
  const chosen = pickedValues(p);
  return chosen && p.wildcard !== undefined ? { ...chosen, wildcard: p.wildcard } : chosen;
}

function pickedValues(p: PickerState): Chosen | undefined {
  if (p.multi && p.all) return { values: p.values ?? [], all: true };
  if (p.multi && p.selected.length > 0) return { values: p.selected, all: false };
  const at = pickerOptions(p)[p.cursor];
  if (at === undefined) return undefined;
  return at === ALL && (p.includeAll || p.multi)
    ? { values: p.values ?? [], all: true }
    : { values: [at], all: false };
}

export function pickerReducer(p: PickerState | null, a: PickerAction): PickerState | null {
  if (a.type === 'open') {
    const v = a.variable;
    const p: PickerState = {
      varIndex: a.varIndex,
      name: v.name,
      multi: v.multi === true,
      includeAll: v.includeAll === true,
      values: a.values,
      error: null,
      cursor: 0,
      selected: a.chosen && !a.chosen.all ? a.chosen.values : [],
      ...(a.chosen?.wildcard !== undefined ? { wildcard: a.chosen.wildcard } : {}),
      all: a.chosen?.all === true,
    };
    return withCursorOnChoice(p);
  }
  if (!p) return p;
  const n = pickerOptions(p).length;
  switch (a.type) {
    case 'values':
      return a.varIndex === p.varIndex ? withCursorOnChoice({ ...p, values: a.values, error: null }) : p;
    case 'failed':
      return a.varIndex === p.varIndex ? { ...p, values: [], error: a.message } : p;
    case 'up':
      return { ...p, cursor: Math.max(0, p.cursor - 1) };
    case 'down':
      return { ...p, cursor: Math.max(0, Math.min(n - 1, p.cursor + 1)) };
    case 'close':
      return null;
    case 'toggle': {
      const at = pickerOptions(p)[p.cursor];
      if (at === undefined) return p;
      if (at === ALL && (p.includeAll || p.multi)) return { ...p, all: !p.all, selected: [] };
      if (!p.multi) return { ...p, all: false, selected: [at] };
      const has = p.selected.includes(at);
      return { ...p, all: false, selected: has ? p.selected.filter((v) => v !== at) : [...p.selected, at] };
    }
    default: {
      const never: never = a;
      return never;
    }
  }
}

/** The cursor starts on what is chosen now (All, or the first chosen value). */
function withCursorOnChoice(p: PickerState): PickerState {
  const opts = pickerOptions(p);
  const at = p.all ? opts.indexOf(ALL) : p.selected[0] !== undefined ? opts.indexOf(p.selected[0]) : -1;
  return at >= 0 ? { ...p, cursor: at } : p;
}
