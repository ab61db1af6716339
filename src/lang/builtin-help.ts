// Help for every built-in, verb, group and habit: one entry each, typed by the names of
// grammar.ts's table, so a built-in added without help does not compile (and a test checks
// that every entry has at least two examples). `help WORD…`, `describe WORD…` and `?` read it.
// Router words are not here: their help is the router's own metadata.
import type { BuiltinName } from './grammar.js';

export interface HelpEntry {
  /** The command as typed, with its placeholders. */
  syntax: string;
  /** More than the table's one-line description, when that is not enough. */
  more?: string;
  examples: readonly string[];
}

export const BUILTIN_HELP: { readonly [K in BuiltinName]: HelpEntry } = {
  help: {
    syntax: 'help [WORD…]',
    more: 'With no word: the language in one screen. With a built-in, a verb or `pipes`: its syntax\nand examples. With router words: where to look (the router describes its own nodes).',
    examples: ['help', 'help metrics range', 'help pipes'],
  },
  exit: {
    syntax: 'exit',
    more: 'Inside a context, leaves it; at the top, leaves the shell (Ctrl-D on an empty line too).',
    examples: ['exit', 'edit interface eth0  then  exit'],
  },
  quit: { syntax: 'quit', more: 'The same as exit.', examples: ['quit', 'edit interface eth0  then  quit'] },
  history: {
    syntax: 'history',
    more: 'Numbered, oldest first; secrets are shown as ***. Ctrl-R searches it.',
    examples: ['history', 'history | last 10', 'history | match interface'],
  },
  edit: {
    syntax: 'edit WORD…',
    more: 'The prompt shows the context; `up` leaves one level, `top` all of them.',
    examples: ['edit interface eth0', 'edit ipv4 firewall'],
  },
  up: { syntax: 'up', examples: ['up', 'edit interface eth0  then  up'] },
  top: { syntax: 'top', examples: ['top', 'edit interface eth0  then  top'] },
  refresh: {
    syntax: 'refresh [WORD…]',
    more: 'The next Tab or line reads the metadata from the router again.',
    examples: ['refresh', 'refresh interface'],
  },
  'metrics query': {
    syntax: 'metrics query EXPR [at TIME]',
    more: 'EXPR is MetricsQL, typed as it is (no quoting needed).',
    examples: ['metrics query sum by (grp) (pkts_down)', 'metrics query up at now-1h'],
  },
  'metrics range': {
    syntax: 'metrics range EXPR [since DURATION | from TIME [to TIME]] [step DURATION]',
    more: 'On a terminal a live chart (q returns); otherwise an ASCII chart and a summary table.',
    examples: [
      'metrics range rate(pkts_down[5m]) since 6h',
      'metrics range sum by (grp) (rate(pkts_down[5m])) from now-2h to now-1h step 5m',
    ],
  },
  'metrics names': {
    syntax: 'metrics names [match SELECTOR]',
    examples: ['metrics names', 'metrics names match {grp="business"}'],
  },
  'metrics labels': {
    syntax: 'metrics labels [match SELECTOR]',
    examples: ['metrics labels', 'metrics labels match pkts_down'],
  },
  'metrics label-values': {
    syntax: 'metrics label-values LABEL [match SELECTOR]',
    examples: ['metrics label-values grp', 'metrics label-values grp match pkts_down'],
  },
  'logs search': {
    syntax: 'logs search QUERY [since DURATION] [limit N] [all]',
    more: 'QUERY is LogsQL, typed as it is. On a terminal the log pane; otherwise records as lines.',
    examples: [
      'logs search level:error since 1h limit 50',
      'logs search _msg:"customer terminated" | limit 5',
    ],
  },
  'logs histogram': {
    syntax: 'logs histogram QUERY [since DURATION] [step DURATION] [by FIELD]',
    examples: ['logs histogram level:error since 6h step 10m', 'logs histogram * since 1h by level'],
  },
  'logs fields': { syntax: 'logs fields', examples: ['logs fields', 'logs fields | match level'] },
  'logs field-values': {
    syntax: 'logs field-values FIELD',
    examples: ['logs field-values level', 'logs field-values host | count'],
  },
  'logs facets': { syntax: 'logs facets', examples: ['logs facets', 'logs facets | match host'] },
  config: {
    syntax: 'config show|save|load …',
    more: [
      'config show [WORD…] [members] [--json]   the whole configuration as the lines that create it (= show configuration)',
      'config save FILE [--force] [WORD…] [members]   write it to a new file (0600; --force overwrites)',
      'config load merge|replace|override FILE [--dry-run] [--from ROUTER]   apply a saved file as one transaction (the plan first)',
      'Junos: show configuration | display set, save, load merge|replace|override.',
      'VyOS: show configuration commands, save, merge, load.',
      'From the command line, routersh config diff A B compares two configurations.',
    ].join('\n'),
    examples: [
      'show configuration',
      'show configuration interface eth1',
      'config save r1.conf',
      'show configuration --json',
    ],
  },
  'match-list': {
    syntax: 'match-list import|export|sync LIST [FILE|-] [--flags]',
    more: [
      'match-list import LIST FILE|- [--csv COLUMN] [--concurrency N] [--keep-going] [--allow-broad] [--allow-own-address] [--json]',
      'match-list export LIST [--json]',
      'match-list sync LIST FILE|- [--dry-run|--keep] [--csv COLUMN] [--concurrency N] [--keep-going] [--allow-broad] [--allow-own-address] [--json]',
    ].join('\n'),
    examples: [
      'match-list export blacklist',
      'match-list import blacklist addresses.txt',
      'match-list sync blacklist addresses.csv --csv ip --dry-run',
    ],
  },
  'monitor match-list': {
    syntax: 'monitor match-list LIST',
    more: 'A full-screen pane on a terminal (q returns).',
    examples: ['monitor match-list blacklist', 'monitor match-list whitelist'],
  },
  dashboard: {
    syntax: 'dashboard FILE|NAME [var NAME=VALUE[,VALUE…]]…',
    more: 'A full-screen dashboard on a terminal (q returns): Tab moves the focus, z zooms a panel,\n+/- and ←/→ move the shared time window, v picks variable values, e edits a panel. See docs/dashboards.md.',
    examples: ['dashboard overview', 'dashboard ops.yaml var host=bras-1'],
  },
  'dry-run': {
    syntax: 'dry-run LINE',
    more: 'Resolves and validates LINE against the live metadata and prints the request it would send\n(METHOD /api/path and body, secrets as ***), sending nothing. For whole scripts: --dry-run.',
    examples: ['dry-run interface eth5 mtu 1400', 'dry-run no interface eth1 description'],
  },
  changes: {
    syntax: 'changes [all]',
    more: "This session's changes, oldest first: id, time, command, old → new, status (applied, undone,\nnot undoable). `all`: every session's journal for this router. --json for scripts.",
    examples: ['changes', 'changes all'],
  },
  compare: {
    syntax: 'compare [FILE | checkpoint NAME | --profile P | --router URL]',
    more: 'Alone: what this session changed, node by node, as - old / + new lines (Junos: show | compare);\nin candidate mode (configure), the staged lines against the live configuration.\nWith an argument: the live configuration against a saved file, a checkpoint or another router, as\na unified diff: - the other, + live (Junos: show | compare rollback N; VyOS: compare).',
    examples: [
      'compare',
      'show | compare',
      'compare r1.conf',
      'compare checkpoint before-upgrade',
      'compare --profile r2',
    ],
  },
  checkpoint: {
    syntax: 'checkpoint [NAME]',
    more: "Keeps the whole configuration (members left out) in the state directory as checkpoint NAME\n(letters, digits, '.', '_', '-'; none: a time-stamped name). An existing name is refused.\nSR Linux: tools system configuration generate-checkpoint; Junos keeps rollback files.",
    examples: ['checkpoint', 'checkpoint before-upgrade'],
  },
  checkpoints: {
    syntax: 'checkpoints',
    more: "This router's checkpoints, oldest first: name, age, lines, auto (kept before each load and\ncommit; the last 50) or named. --json for scripts.",
    examples: ['checkpoints', 'checkpoints | json'],
  },
  undo: {
    syntax: 'undo [N | ID]',
    more: 'Reverts the last N changes (default 1), or the change ID, newest first, by their inverse\nrequests; shows them and asks first (scripts: --yes). Refuses a node someone else changed since.\nRe-added match-list entries start a new timeout.',
    examples: ['undo', 'undo 3', 'undo 1a2b3c.4'],
  },
  rollback: {
    syntax: 'rollback N | rollback checkpoint NAME',
    more: 'Junos habit: the same as undo N. rollback checkpoint NAME makes the configuration equal to\nthe checkpoint (config load override of it): the plan first, then the question.',
    examples: ['rollback 1', 'rollback 3', 'rollback checkpoint before-upgrade'],
  },
  'confirm-within': {
    syntax: 'confirm-within DURATION',
    more: 'From now on every change is reverted by routersh unless `confirm` comes within DURATION;\nthe prompt counts down. A change that cuts routersh off the router cannot be reverted by it.',
    examples: ['confirm-within 5m', 'confirm-within 30s'],
  },
  confirm: { syntax: 'confirm', examples: ['confirm', 'confirm-within 5m  then  confirm'] },
  commit: {
    syntax: 'commit [check | confirmed N | comment TEXT]',
    more: 'Junos habit: `commit confirmed N` opens an N-minute window, `commit` confirms it. Outside a\nwindow every line already applied when it ran. In candidate mode (configure): `commit` sends the\nstaged lines as one transaction (joining an open window), `commit check` checks them and sends\nnothing, `commit confirmed N` sends them inside a new window, `commit comment TEXT` names it.',
    examples: ['commit confirmed 5', 'commit', 'configure  then  commit check'],
  },
  configure: {
    syntax: 'configure [private]',
    more: "Junos/VyOS habit: candidate mode. Change lines are checked as they are typed and staged, not\nsent; the prompt shows [candidate N]. compare shows them against the router, show configuration\nmarks them, commit sends them all at once, discard drops them, end leaves. routersh's candidate is\nalways this session's (private is accepted, the same). Lines left by a crash are offered back.",
    examples: ['configure', 'configure private'],
  },
  discard: {
    syntax: 'discard',
    more: 'Candidate mode: drops every staged line, nothing sent (Junos: rollback 0; VyOS: discard).',
    examples: ['discard', 'configure  then  discard'],
  },
  end: {
    syntax: 'end',
    more: 'Leaves candidate mode; with lines staged asks c commit · d discard · s stay. exit and quit at\nthe top, and Ctrl-D, do the same in candidate mode.',
    examples: ['end', 'configure  then  end'],
  },
  learn: {
    syntax: 'learn LESSON',
    more: 'Starts a lesson; its current step is shown above the prompt and checked after every command.\n`lesson` lists the lessons, `hint` and `skip` help along.',
    examples: ['learn discover', 'learn interfaces'],
  },
  hint: { syntax: 'hint', examples: ['hint', 'learn ping  then  hint'] },
  skip: { syntax: 'skip', examples: ['skip', 'learn firewall  then  skip'] },
  lesson: {
    syntax: 'lesson',
    more: 'With a lesson under way: its title, the step you are on and the steps done; otherwise the list.',
    examples: ['lesson', 'learn users  then  lesson'],
  },
};

/** The verbs of router lines (grammar.ts VERBS), with the same shape of help. */
export const VERB_HELP: Readonly<Record<string, HelpEntry>> = {
  no: {
    syntax: 'no WORD… [KEY-OPTION VALUE]…',
    more: 'Deletes a node (DELETE), or with options UNSETs one entry named by its key option.',
    examples: ['no interface eth7', 'no interface eth0 mtu'],
  },
  show: {
    syntax: 'show WORD… [OPTION [VALUE]]…',
    more: "Shows state or configuration: the router's show output, as text or a table.\nshow configuration [WORD…] [members] [--json] is the whole configuration as lines (config show).",
    examples: ['show interface', 'show interface | match UP', 'show configuration interface eth1'],
  },
  describe: {
    syntax: 'describe WORD…',
    more: "A router node's metadata: sub-nodes, values, options. With a built-in: its help.",
    examples: ['describe interface', 'describe metrics range'],
  },
  set: {
    syntax: 'set WORD… [OPTION [VALUE]]…',
    more: 'The explicit form of a bare line: always a router line, so `set monitor …` reaches a\nrouter node named like a built-in (a bare line runs the built-in).',
    examples: ['set interface eth0 mtu 1500', 'set interface eth0 description "rack #3"'],
  },
  delete: {
    syntax: 'delete WORD… [KEY-OPTION VALUE]…',
    more: 'The explicit form of `no`: always a router line.',
    examples: ['delete interface eth7', 'delete interface eth0 mtu'],
  },
};

/**
 * Habits from other CLIs, at the start of a line where the router has no such word: a hint,
 * not "unknown word". `run`/`do` followed by a command run the command (runner: walk.ts).
 */
export const HABITS: Readonly<Record<string, string>> = {
  run: "every line runs at once: type the command itself ('run CMD' runs CMD)",
  do: "every line runs at once: type the command itself ('do CMD' runs CMD)",
};

/** Habits that run the rest of the line as a line of its own. */
export const PASS_THROUGH: ReadonlySet<string> = new Set(['run', 'do']);

/**
 * The one-line help `?` and the hint show after a built-in's word: syntax, what it does, two
 * examples. `topic` is a built-in's name, a group or a verb.
 */
export function helpHint(topic: string, description: string): string {
  const e = (BUILTIN_HELP as Record<string, HelpEntry>)[topic] ?? VERB_HELP[topic];
  if (!e) return `${topic}: ${description} (help ${topic}: its commands and examples)`;
  return `${e.syntax} — ${description}. Examples: ${e.examples.slice(0, 2).join(' · ')}`;
}
