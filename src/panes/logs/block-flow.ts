// `b` in the log pane, as a pure state machine: choose the address (when the record has more
// than one), choose the list (the router's lists, read by the hook), see the request, answer
// y/n. The hook does the reading and sending; this module only says which step comes next.

export type BlockFlow =
  | { step: 'address'; addresses: string[]; selected: number }
  | { step: 'lists'; address: string }
  | { step: 'list'; address: string; lists: string[]; selected: number }
  | { step: 'preview'; address: string; list: string }
  | { step: 'confirm'; address: string; list: string; line: string; request: string }
  | { step: 'sending'; address: string; list: string; line: string };

export type BlockAction =
  | { type: 'start'; addresses: string[] }
  | { type: 'move'; by: number }
  | { type: 'accept' }
  | { type: 'cancel' }
  | { type: 'lists'; lists: string[]; preferred?: string | undefined }
  | { type: 'preview'; line: string; request: string }
  | { type: 'yes' }
  /** The flow ends: the change was made, refused, or a read failed. */
  | { type: 'done'; note: string };

export interface BlockResult {
  flow: BlockFlow | null;
  /** A line for the status bar when the flow ends or cannot start. */
  note?: string;
}

/** The menu on screen, if the step is one. */
export function blockMenu(f: BlockFlow | null): { title: string; items: string[]; selected: number } | null {
  if (f?.step === 'address')
    return { title: 'add which address to a match-list?', items: f.addresses, selected: f.selected };
  if (f?.step === 'list')
    return { title: `add ${f.address} to which match-list?`, items: f.lists, selected: f.selected };
  return null;
}

export function blockStep(f: BlockFlow | null, a: BlockAction): BlockResult {
  switch (a.type) {
    case 'start':
      if (a.addresses.length === 0) return { flow: null, note: 'no address in this record' };
      return a.addresses.length === 1
        ? { flow: { step: 'lists', address: a.addresses[0]! } }
        : { flow: { step: 'address', addresses: a.addresses, selected: 0 } };
    case 'move': {
      if (f?.step !== 'address' && f?.step !== 'list') return { flow: f };
      const n = f.step === 'address' ? f.addresses.length : f.lists.length;
      return { flow: { ...f, selected: (f.selected + a.by + n) % n } };
    }
    case 'accept':
      if (f?.step === 'address') return { flow: { step: 'lists', address: f.addresses[f.selected]! } };
      if (f?.step === 'list')
        return { flow: { step: 'preview', address: f.address, list: f.lists[f.selected]! } };
      return { flow: f };
    case 'cancel':
      // A change on its way is not taken back by a key: its answer ends the flow.
      if (f?.step === 'sending') return { flow: f };
      return f ? { flow: null, note: 'nothing added' } : { flow: null };
    case 'lists': {
      if (f?.step !== 'lists') return { flow: f };
      if (a.lists.length === 0) return { flow: null, note: 'the router has no match-lists' };
      const at = a.preferred === undefined ? -1 : a.lists.indexOf(a.preferred);
      return { flow: { step: 'list', address: f.address, lists: a.lists, selected: Math.max(0, at) } };
    }
    case 'preview':
      return f?.step === 'preview'
        ? { flow: { step: 'confirm', address: f.address, list: f.list, line: a.line, request: a.request } }
        : { flow: f };
    case 'yes':
      return f?.step === 'confirm'
        ? { flow: { step: 'sending', address: f.address, list: f.list, line: f.line } }
        : { flow: f };
    case 'done':
      return { flow: null, note: a.note };
    default: {
      const never: never = a;
      return never;
    }
  }
}
