// The flags of the smaller commands, one table each: their parsers read them (commands/), and
// so do completion and the tables of their help. Kept here, away from the commands, so that
// completing a flag loads no command.

/** `routersh sim` (node:util parseArgs options). */
export const SIM_OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'telemetry-port': { type: 'string' },
  variant: { type: 'string' },
  'seed-interfaces': { type: 'string' },
  'seed-members': { type: 'string' },
  'no-save': { type: 'boolean' },
  routers: { type: 'string' },
  'inventory-out': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `routersh undo --journal FILE [N | ID] [--yes]` (with the connection flags). */
export const UNDO_OPTIONS = {
  journal: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
} as const;

/** `routersh inventory [-i FILE] [--limit PATTERN] [--json]` (with the connection flags). */
export const INVENTORY_OPTIONS = {
  inventory: { type: 'string', short: 'i' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** `routersh confirm --journal FILE`. */
export const CONFIRM_OPTIONS = {
  journal: { type: 'string' },
} as const;

/** `routersh fleet runs [--json]`, `fleet confirm RUN`, `fleet undo RUN [--yes] [--timeout S]`. */
export const FLEET_OPTIONS = {
  json: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * `routersh class serve|join|board|grades`: one table for the four (commands/class-args.ts says
 * which sub-command takes which, and refuses the others by name).
 */
export const CLASS_OPTIONS = {
  trainees: { type: 'string' },
  roster: { type: 'string' },
  lesson: { type: 'string', multiple: true },
  host: { type: 'string' },
  port: { type: 'string' },
  state: { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
  name: { type: 'string' },
  'code-file': { type: 'string' },
  play: { type: 'string' },
  auto: { type: 'string' },
  speed: { type: 'string' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  stuck: { type: 'string' },
  'token-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `routersh learn`'s own flags; after a lesson NAME come the main flags. */
export const LEARN_FLAGS = {
  progress: { type: 'boolean' },
  json: { type: 'boolean' },
  validate: { type: 'boolean' },
  test: { type: 'boolean' },
} as const;

/** The shells `routersh completion SHELL` writes a script for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** `routersh dash`'s own flags: `--validate FILE…`; `--var NAME=VALUE` (repeated) beside FILE's connection flags. */
export const DASH_FLAGS = {
  validate: { type: 'boolean' },
  var: { type: 'string' },
} as const;
