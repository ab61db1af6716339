// Which tree and which first state a variant has: the one table the engine and the server ask
// (the engine stays generic; a variant with a tree of its own adds a row here).
import { type RouterState, seedState } from './state.js';
import { ROOT } from './tree/index.js';
import type { NodeDef, RouterVariant } from './tree/types.js';
import { SHAPED_ROOT } from './tree-shaped/index.js';
import { seedShaped } from './tree-shaped/state.js';

export const rootOf = (variant: RouterVariant = 'default'): NodeDef =>
  variant === 'shaped' ? SHAPED_ROOT : ROOT;

/** The state a fresh router of the variant starts with (the demo's small realistic setup). */
export function initialState(now: number, variant: RouterVariant = 'default'): RouterState {
  const state = seedState(now);
  if (variant === 'shaped') seedShaped(state, now);
  return state;
}
