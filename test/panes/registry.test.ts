// The pane registry (src/panes/registry.ts): every kind's key mode has its keys in the keymap,
// at least the one that closes the pane. Which kinds it holds is checked by the compiler
// (registry-types.ts).
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYMAP } from '../../src/keys/keymap.js';
import { PANES } from '../../src/panes/registry.js';

describe('pane registry', () => {
  it.each(Object.entries(PANES))('%s: its key mode closes the pane (q)', (_kind, entry) => {
    const own = Object.entries(DEFAULT_KEYMAP).filter(([, spec]) => spec.mode === entry.keys);
    expect(own.some(([command]) => command.endsWith('.close'))).toBe(true);
  });
});
