// The main help as tables: `routersh --help` (help-text.ts) and the man page routersh(1)
// (man-page.ts) are both rendered from these, so they never say different things. Text is
// kept as the lines --help prints (wrapped by hand for an 80–120 column terminal); the man
// page joins a row's lines and lets the formatter fill them.

/** One flag as typed: `--ca` with its argument placeholder (`FILE`), or `-y` alone. */
export interface FlagName {
  name: string;
  arg?: string;
}

/** A row of flags (`--ca FILE, --insecure`) and what they do. */
export interface FlagRow {
  flags: readonly FlagName[];
  text: readonly string[];
  /** Environment variables the row names (the man page's ENVIRONMENT). */
  env?: readonly string[];
}

/** An invocation: its synopsis and what it does. */
export interface UsageRow {
  synopsis: string;
  text: readonly string[];
}

/** A labelled row (a key table's `chart`, an exit status's `2`). */
export interface LabelRow {
  label: string;
  text: readonly string[];
}

export const TITLE = 'routersh — a shell for routers whose configuration is a REST node tree';

/** The man page's date: of the last change to what these tables (and command-help.ts) say. */
export const HELP_DATE = '2026-11-25';

export const USAGE: readonly UsageRow[] = [
  {
    synopsis: 'routersh [connection] [output]',
    text: ['interactive shell (stdin a TTY), else reads commands from stdin'],
  },
  {
    synopsis: 'routersh [connection] [output] -c CMD [-c CMD]…',
    text: ['run the commands in order, then exit'],
  },
  {
    synopsis: 'routersh [connection] [output] -f FILE',
    text: ["run a script file ('-' = stdin); a line starting with '#' is a comment"],
  },
  {
    synopsis: 'routersh --demo [output] [-c …|-f …]',
    text: ['start the embedded simulators and connect to them'],
  },
  {
    synopsis:
      'routersh sim [--host H] [--port N] [--telemetry-port M] [--variant reference|shaped] [--seed-interfaces N] [--seed-members N] [--no-save]',
    text: ['run the simulators in the foreground (and save', "the profile 'sim' for them)"],
  },
  {
    synopsis:
      'routersh api [-p|-d] [-s SERVER] [-A ACTIONS] [-O KEY=VALUE]… [-n COUNT] [--debug] [--output json|dumper] WORD…',
    text: ["one raw router API request (the vendor's demo client)"],
  },
  {
    synopsis: 'routersh match-list import|export|sync LIST [FILE|-] [flags] [connection]',
    text: [
      'blacklist operations (import a feed, export, sync);',
      'flags: --csv COLUMN, --concurrency N, --keep-going,',
      '--allow-broad, --allow-own-address, --json,',
      "sync's --dry-run (the difference) or --keep",
    ],
  },
  {
    synopsis: 'routersh learn [NAME [connection]] | --progress [--json] | --validate FILE… | --test FILE…',
    text: [
      'lessons: list, start one (on an embedded simulator',
      'unless --router), progress, check lesson files,',
      'run their solutions (--test)',
    ],
  },
  {
    synopsis: 'routersh config diff A B [--exit-code] [--json] [connection]',
    text: [
      'compare two configurations: FILE, checkpoint:NAME,',
      'profile:NAME, router:URL (- A, + B); --exit-code:',
      'exit 1 when they differ; config show|save|load …',
      "as routersh -c 'config …'",
    ],
  },
  {
    synopsis: 'routersh confirm --journal FILE',
    text: ["keep the changes of FILE's confirmed-change window"],
  },
  {
    synopsis: 'routersh undo --journal',
    text: ['list the journals with a confirmed-change window open'],
  },
  {
    synopsis: 'routersh undo --journal FILE [N | ID] [--yes] [connection]',
    text: [
      "undo changes of any session's journal: its open",
      'confirmed-change window (its shell was closed),',
      'else its newest change; N: the last N; ID: one',
    ],
  },
  {
    synopsis: 'routersh play SCRIPT [--auto SECONDS] [--speed N] [connection] [output]',
    text: [
      'type a demo script into the shell: each line at a',
      'human pace, Enter when you press Enter or space',
      "(or after --auto SECONDS); '#' lines are captions",
    ],
  },
  {
    synopsis: 'routersh dash FILE|NAME [connection] [--var NAME=VALUE]… | --validate FILE…',
    text: ['a dashboard full-screen (NAME: a built-in one,', 'such as overview); check dashboard files'],
  },
  {
    synopsis: 'routersh dash import GRAFANA.json [-o FILE]',
    text: ['a Grafana dashboard export as a dashboard file'],
  },
  { synopsis: 'routersh --help | --version', text: ['this text; the version'] },
];

export const CONNECTION: readonly FlagRow[] = [
  {
    flags: [{ name: '--router', arg: 'URL' }],
    text: ['base URL (ROUTERSH_ROUTER)'],
    env: ['ROUTERSH_ROUTER'],
  },
  { flags: [{ name: '--user', arg: 'NAME' }], text: ['user name (ROUTERSH_USER)'], env: ['ROUTERSH_USER'] },
  {
    flags: [{ name: '--password-file', arg: 'FILE' }],
    text: ['password (ROUTERSH_PASSWORD); prompted on a TTY when absent'],
    env: ['ROUTERSH_PASSWORD'],
  },
  {
    flags: [{ name: '--auth', arg: 'basic|token' }],
    text: ['HTTP Basic on /api/ (default) or a JWT from /token on /api-oauth/ (ROUTERSH_AUTH)'],
    env: ['ROUTERSH_AUTH'],
  },
  {
    flags: [{ name: '--token-file', arg: 'FILE' }],
    text: ['a pre-issued token (ROUTERSH_TOKEN)'],
    env: ['ROUTERSH_TOKEN'],
  },
  {
    flags: [{ name: '--ca', arg: 'FILE' }, { name: '--insecure' }],
    text: ['trust a CA file (PEM); skip TLS verification (warns)'],
  },
  {
    flags: [
      { name: '--cert', arg: 'FILE' },
      { name: '--key', arg: 'FILE' },
    ],
    text: ['a client certificate and its private key (PEM)'],
  },
  { flags: [{ name: '--timeout', arg: 'SECONDS' }], text: ['per-request limit (default 30)'] },
  {
    flags: [{ name: '--telemetry', arg: 'URL' }],
    text: ['telemetry API base URL (ROUTERSH_TELEMETRY_URL)'],
    env: ['ROUTERSH_TELEMETRY_URL'],
  },
  {
    flags: [{ name: '--telemetry-key-file', arg: 'FILE' }],
    text: ['telemetry API key (ROUTERSH_TELEMETRY_KEY)'],
    env: ['ROUTERSH_TELEMETRY_KEY'],
  },
  {
    flags: [
      { name: '--telemetry-ca', arg: 'FILE' },
      { name: '--telemetry-insecure' },
      { name: '--telemetry-cert', arg: 'FILE' },
      { name: '--telemetry-cert-key', arg: 'FILE' },
    ],
    text: ["the telemetry API's own TLS (default: the router's, on the same host)"],
  },
  {
    flags: [{ name: '--profile', arg: 'NAME' }],
    text: ['profile from $XDG_CONFIG_HOME/routersh/config.json (ROUTERSH_PROFILE)'],
    env: ['ROUTERSH_PROFILE'],
  },
];

export const OUTPUT: readonly FlagRow[] = [
  { flags: [{ name: '--json' }], text: ['one JSON document per command on stdout'] },
  { flags: [{ name: '--no-color' }], text: ['no colour (also NO_COLOR)'], env: ['NO_COLOR'] },
  { flags: [{ name: '--no-pager' }], text: ['no --More-- under long output (profile: "pager": false)'] },
  {
    flags: [{ name: '--keep-going' }],
    text: ['in scripts, go on after a failing command (exit 1 if any failed)'],
  },
  {
    flags: [{ name: '--dry-run' }],
    text: [
      'with -c/-f/stdin: check every line and print the requests it would',
      'send (METHOD /api/path {body}); send nothing but metadata GETs',
    ],
  },
  { flags: [{ name: '--yes' }, { name: '-y' }], text: ['in scripts, run what asks on a terminal (undo)'] },
  {
    flags: [{ name: '--allow-unrevertable' }],
    text: ['in scripts, send in a confirmed-change window what it cannot revert (a secret)'],
  },
  {
    flags: [{ name: '--record', arg: 'FILE.cast' }],
    text: ['record the session as an asciicast v2 file (mode 0600; secrets masked)'],
  },
];

/** Fleets (docs/fleets.md): one command, one change across the hosts of an inventory. */
export const FLEET: readonly FlagRow[] = [
  {
    flags: [
      { name: '--inventory', arg: 'FILE' },
      { name: '-i', arg: 'FILE' },
    ],
    text: ['an Ansible INI/YAML or executable inventory: run on its hosts'],
    env: ['ROUTERSH_INVENTORY'],
  },
  {
    flags: [{ name: '--limit', arg: 'PATTERN' }],
    text: ["the hosts, in Ansible's pattern syntax (edge:&dc1:!edge-3)"],
  },
  { flags: [{ name: '--forks', arg: 'N' }], text: ['hosts at a time (10)'] },
  {
    flags: [
      { name: '--waves', arg: 'LIST' },
      { name: '--soak', arg: 'D' },
      { name: '--max-fail', arg: 'N|P%' },
    ],
    text: ['a change wave by wave (1,10%,100%), each judged after D; failures allowed (0)'],
  },
  {
    flags: [
      { name: '--confirm-within', arg: 'D' },
      { name: '--confirm', arg: 'manual' },
    ],
    text: ["every host's change in a confirmed window; manual: confirm with routersh fleet confirm"],
  },
  {
    flags: [
      { name: '--gate', arg: 'LINE' },
      { name: '--gate-metrics', arg: 'EXPR' },
    ],
    text: ['after each wave: LINE | match RE keeps a line on every host; EXPR returns no series'],
  },
  { flags: [{ name: '--routers', arg: 'N' }], text: ['with --demo: N simulated routers in the fleet shell'] },
];

export const SHELL_TITLE = 'In the shell (help WORD… for any of them; set and delete always mean the router)';

export const SHELL_COMMANDS: readonly string[] = [
  'help [WORD…] · describe WORD… · show WORD… · no WORD… · set WORD… · delete WORD…',
  'edit WORD… · up · top · exit · quit · history · refresh [WORD…]',
  'metrics query|range|names|labels|label-values …',
  'logs search|histogram|fields|field-values|facets …',
  'match-list import|export|sync … · monitor match-list LIST · dashboard FILE · dry-run WORD…',
  'changes [all] · compare (show | compare) · undo [N|ID] · rollback N',
  'show configuration [WORD…] [members] [--json] · config show|save FILE [--force]|load …',
  'checkpoint [NAME] · checkpoints · rollback checkpoint NAME · compare FILE|checkpoint NAME',
  'confirm-within DURATION · confirm · commit [confirmed N] · learn NAME · lesson · hint · skip',
  'configure [private] · commit check|comment TEXT · discard · end (candidate mode: staged, then sent at once)',
];

export const PIPES_TITLE = 'pipes at the end of a line';

/** The pipes, as --help wraps them: a second line continues the first. */
export const PIPES: readonly string[] = [
  '| match REGEX · | except REGEX · | count · | last N · | json',
  '· | save FILE · | no-more · | refresh [SECONDS] (show/describe, in place, until q)',
  '· | graph (a ping: its round-trip times live, until q)',
];

export const KEYS: readonly LabelRow[] = [
  {
    label: 'prompt',
    text: [
      'Tab completes (twice: a menu) · ? lists what can follow, Enter then runs the line',
      "(so does the menu's <Enter> row) · Ctrl-R history search · Ctrl-L clear",
      '· Ctrl-C cancel · Ctrl-D exit · Ctrl-Z suspend',
    ],
  },
  { label: '--More--', text: ['Space page · Enter line · / search · G the rest · q stop'] },
  {
    label: 'chart',
    text: [
      'p pause · +/- zoom · ←/→ pan · c/f coarser/finer step · t top N · [ ] legend page',
      '· ↑/↓ Enter show/hide a series · 1-9 toggle · r refresh · q back',
    ],
  },
  { label: 'logs', text: ['↑/↓ PgUp/PgDn scroll · End follow · w wrap · / find · f facets · q back'] },
  { label: 'monitor', text: ['s sort · / filter · ↑/↓ move · d delete the entry · r refresh · q back'] },
  { label: '| refresh', text: ['↑/↓ PgUp/PgDn scroll · r refresh now · q back'] },
  { label: '| graph', text: ['p (or Space) pause/resume · q back'] },
  {
    label: 'class board',
    text: [
      '↑/↓ j/k select · Enter a trainee (Esc back) · r reset · R reset all · m message',
      '· n next lesson · q quit',
    ],
  },
  {
    label: 'dashboard',
    text: [
      'Tab/Shift-Tab ↑/↓ focus (the page follows) · PgUp/PgDn scroll · Enter open/close a row',
      '· z zoom a panel · +/- ←/→ time · p pause · v variables · e edit · r refresh · q back',
    ],
  },
];

export const EXIT_STATUS: readonly LabelRow[] = [
  { label: '0', text: ['ok'] },
  { label: '1', text: ['a command failed'] },
  { label: '2', text: ['usage error'] },
  { label: '3', text: ['could not connect or authenticate'] },
  { label: '4', text: ['some hosts failed, some not (-i)'] },
];

/** `--ca FILE, --insecure` */
export const flagsText = (flags: readonly FlagName[]): string =>
  flags.map((f) => (f.arg !== undefined ? `${f.name} ${f.arg}` : f.name)).join(', ');
