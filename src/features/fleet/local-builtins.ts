// Built-ins that never send a request to a router: the shell's own (help, history, the editor)
// and telemetry's (one service for the whole fleet). The fleet batch counts them as reads
// (commands/fleet-change.ts); the fleet shell runs them once, not per host (shell/fleet-line.ts).
export const LOCAL_BUILTINS: readonly string[] = [
  'help',
  'exit',
  'quit',
  'history',
  'edit',
  'up',
  'top',
  'refresh',
  'metrics query',
  'metrics range',
  'metrics names',
  'metrics labels',
  'metrics label-values',
  'logs search',
  'logs histogram',
  'logs fields',
  'logs field-values',
  'logs facets',
];
