// The commands a user types after `routersh` (index.ts has a loader for each: the compiler
// checks both ways). Completion and `routersh help` list these; hidden entries (`__guard`,
// `__complete`) are not here.
export const COMMAND_NAMES = [
  'sim',
  'api',
  'match-list',
  'undo',
  'learn',
  'play',
  'dash',
  'confirm',
  'fleet',
  'config',
  'completion',
  'ansible-path',
  'inventory',
  'class',
  'help',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];
