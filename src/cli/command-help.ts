// The help of each command (`routersh sim --help`, `routersh undo help`…) as tables: printed
// by the command (help-text.ts's columns) and made into the man page's COMMANDS section, so
// the two never differ. The flags listed are checked against the parsers' own tables
// (test/cli/command-help.test.ts).
import { API_USAGE } from './api-args.js';
import type { FlagRow } from './help-tables.js';

export interface CommandHelp {
  /** What it is for, in a few words (completion shows it beside the name). */
  summary: string;
  /** Synopses, each a whole command line. */
  usage: readonly string[];
  /** What the command does: lines as printed. */
  about: readonly string[];
  flags: readonly FlagRow[];
  /** A last paragraph, after the flags. */
  after?: readonly string[];
  /** Command lines to type, one a line (after the paragraph). */
  examples?: readonly string[];
}

const HELP_FLAG: FlagRow = { flags: [{ name: '-h' }, { name: '--help' }], text: ['this text'] };
const CONNECTION = 'Connection flags (--router, --profile, …) as for routersh itself: see routersh --help.';

export const COMMAND_HELP = {
  sim: {
    summary: 'run the router and telemetry simulators',
    usage: [
      'routersh sim [--host H] [--port N] [--telemetry-port M] [--variant default|reference|shaped] [--seed-interfaces N] [--seed-members N] [--no-save]',
      'routersh sim --routers N [--inventory-out FILE] [--host H] [--telemetry-port M] [--variant V]',
    ],
    about: [
      'Runs the router and telemetry simulators in the foreground (Ctrl-C stops them) and prints',
      'their URLs, the demo users, a token and the API key.',
    ],
    flags: [
      {
        flags: [{ name: '--host', arg: 'H' }],
        text: [
          'address to listen on (default 127.0.0.1; 0.0.0.0 for a class:',
          'the addresses trainees can reach are printed, and admin and',
          'operator get random passwords instead of admin/admin)',
        ],
      },
      {
        flags: [{ name: '--port', arg: 'N' }],
        text: ['router API port (default 8080; 0 picks a free one)'],
      },
      {
        flags: [{ name: '--telemetry-port', arg: 'M' }],
        text: ['telemetry API port (default 8428; 0 picks a free one)'],
      },
      {
        flags: [{ name: '--variant', arg: 'reference|shaped' }],
        text: [
          'reference: show tables with cells of any JSON type, histograms as',
          'buckets; shaped: a router tree with other words (interfaces ethernet,',
          'protocols static, snmp community, nat rule and port-forward)',
        ],
      },
      {
        flags: [{ name: '--seed-interfaces', arg: 'N' }],
        text: ['add N generated interfaces (eth2 … ethN+1): a router at size'],
      },
      {
        flags: [{ name: '--seed-members', arg: 'N' }],
        text: ['fill the match-list blacklist with N generated members'],
      },
      { flags: [{ name: '--no-save' }], text: ["do not save the profile 'sim'"] },
      {
        flags: [{ name: '--routers', arg: 'N' }],
        text: [
          'a fleet: N routers (edge-01 …, a core-NN per ten; groups edge,',
          'core, dc1, dc2), each on a free port with a password of its own',
        ],
      },
      {
        flags: [{ name: '--inventory-out', arg: 'FILE' }],
        text: [
          "the fleet's Ansible YAML inventory (default",
          '$XDG_STATE_HOME/routersh/sim-fleet.yml); passwords in 0600 files',
          'of a 0700 FILE-passwords/ directory beside it, never in FILE',
        ],
      },
      HELP_FLAG,
    ],
    after: [
      "Unless --no-save is given, the profile 'sim' is saved for the simulators (the password and",
      'the API key in 0600 files), so `routersh --profile sim` logs in. The API key, the token',
      'signing key (and, off loopback, the passwords) are derived from a seed kept in',
      '$XDG_STATE_HOME/routersh/sim-seed: a restarted simulator accepts the key, tokens and passwords',
      'it printed before. Delete the file for new ones.',
      '',
      'With --routers, no profile is saved: `routersh -i FILE` uses the fleet. Its telemetry',
      'series carry router=HOSTNAME. --port and --seed-* are for one router and refused with it.',
    ],
  },
  api: {
    summary: 'one raw router API request',
    usage: [API_USAGE.replace(/^usage: /, '')],
    about: [
      "One raw request to the router API, as the vendor's demo client sends it (default GET); the",
      'answer is printed as JSON. WORD… is the node path: routersh api interface eth0.',
    ],
    flags: [
      { flags: [{ name: '-p' }, { name: '--post' }], text: ['send a POST'] },
      { flags: [{ name: '-d' }, { name: '--delete' }], text: ['send a DELETE'] },
      {
        flags: [{ name: '-s' }, { name: '--server', arg: 'SERVER' }],
        text: ['the router: an address, host:port or a URL (default localhost)'],
      },
      {
        flags: [{ name: '-A' }, { name: '--actions', arg: 'ACTIONS' }],
        text: ["the POST's actions, comma-separated: SET, UNSET, GET, SHOW"],
      },
      {
        flags: [{ name: '-O' }, { name: '--option', arg: 'KEY=VALUE' }],
        text: ['an option of the POST (repeatable); KEY alone: a flag option'],
      },
      {
        flags: [{ name: '-n' }, { name: '--count', arg: 'COUNT' }],
        text: ['send it COUNT times and print a latency summary'],
      },
      { flags: [{ name: '--debug' }], text: ['ask for debug information (debug=1)'] },
      { flags: [{ name: '--output', arg: 'json|dumper' }], text: ["the answer's format (output=…)"] },
      HELP_FLAG,
    ],
    after: [
      CONNECTION,
      'A path word that looks like a flag (or is help) goes after --: routersh api -- help.',
    ],
  },
  'match-list': {
    summary: 'blacklist operations: import, export, sync',
    usage: [
      'routersh match-list import LIST FILE|- [--csv COLUMN] [--concurrency N] [--keep-going] [--allow-broad] [--allow-own-address] [--json] [connection]',
      'routersh match-list export LIST [--json] [connection]',
      'routersh match-list sync LIST FILE|- [--dry-run|--keep] [--csv COLUMN] [--concurrency N] [--keep-going] [--allow-broad] [--allow-own-address] [--json] [connection]',
    ],
    about: [
      'Blacklist operations on the firewall match-list LIST: import a feed (FILE, or - for stdin),',
      'export the members, or sync the list to the feed. Journaled like the shell: routersh undo',
      '--journal FILE reverts them.',
    ],
    flags: [
      {
        flags: [{ name: '--csv', arg: 'COLUMN' }],
        text: ['read one CSV column: a header name, or a 1-based number (no header row)'],
      },
      {
        flags: [{ name: '--concurrency', arg: 'N' }],
        text: ['requests in flight at once (default 16, 1-256)'],
      },
      { flags: [{ name: '--keep-going' }], text: ['send the good lines when some are bad'] },
      { flags: [{ name: '--allow-broad' }], text: ['send entries broader than /8 (IPv4) or /32 (IPv6)'] },
      {
        flags: [{ name: '--allow-own-address' }],
        text: ["send entries that cover routersh's own address"],
      },
      { flags: [{ name: '--dry-run' }], text: ['sync: print the difference, send nothing'] },
      {
        flags: [{ name: '--keep' }],
        text: ['sync: stay running and re-add the entries before their timeout runs out'],
      },
      { flags: [{ name: '--json' }], text: ['the summary (or the members) as JSON'] },
      HELP_FLAG,
    ],
    after: [CONNECTION],
  },
  learn: {
    summary: 'lessons checked against a router',
    usage: [
      'routersh learn',
      'routersh learn NAME|FILE.md [connection] [-c CMD…]',
      'routersh learn --progress [--json]',
      'routersh learn --validate FILE…',
      'routersh learn --test FILE|NAME…',
    ],
    about: [
      'Lessons checked against a router: the list with your progress; one started in the shell',
      "(on your own embedded simulator unless --router or --profile names one); every lesson's",
      "progress; lesson files checked; each step's solution run and its checks reported (exit 0",
      'all pass, 1 a step failed, 2 a bad file).',
    ],
    flags: [
      { flags: [{ name: '--progress' }], text: ["every lesson's progress"] },
      { flags: [{ name: '--json' }], text: ['with --progress: as JSON, for an instructor to collect'] },
      { flags: [{ name: '--validate', arg: 'FILE…' }], text: ['check lesson files'] },
      {
        flags: [{ name: '--test', arg: 'FILE|NAME…' }],
        text: ["run each step's solution on a fresh simulator and report every check"],
      },
      HELP_FLAG,
    ],
  },
  config: {
    summary: 'compare two configurations; show, save or load one',
    usage: [
      'routersh config diff A B [--exit-code] [--json] [connection]',
      'routersh -i INV [--limit P] config diff [--ref HOST] [WORD…] [members] [--exit-code] [--json]',
      'routersh config show|save|load … [--yes] [connection]',
    ],
    about: [
      'diff compares two configurations as a unified diff (- A, + B). A bare argument is a file',
      'saved by config save; checkpoint:NAME is a checkpoint (of --router, or the one router',
      'that keeps NAME); profile:NAME and router:URL walk that router (credentials as at a',
      'start: flags, environment, profile, the password asked on a terminal). Exit 0 whether',
      'or not they differ; with --exit-code 1 when they differ (as git diff); 2 for a bad',
      'argument, a file that cannot be read or an unknown checkpoint. show, save and load run',
      "the shell's config built-in as routersh -c 'config …' does. With an inventory (-i),",
      "diff compares the selected hosts' configurations (or the subtree under WORD…): the lines",
      'every host has, then each line with the hosts that have it; --ref HOST: each host',
      'against HOST. Exit 4 when some hosts could not be read.',
    ],
    flags: [
      { flags: [{ name: '--ref', arg: 'HOST' }], text: ['with -i: each host against HOST'] },
      { flags: [{ name: '--exit-code' }], text: ['exit 1 when the configurations differ'] },
      { flags: [{ name: '--json' }], text: ['{"from", "to", "added": [lines], "removed": [lines]}'] },
      HELP_FLAG,
    ],
    after: [CONNECTION, 'Examples:'],
    examples: [
      'routersh config diff r1.conf router:https://r1.example.net --exit-code',
      'routersh config diff checkpoint:before-upgrade profile:r1',
      'routersh -i inventory.yml --limit edge config diff --ref edge-01 interface',
    ],
  },
  confirm: {
    summary: "keep a confirmed-change window's changes",
    usage: ['routersh confirm --journal FILE'],
    about: [
      "Keeps the changes of the confirmed-change window open in FILE (a session's journal), from",
      'any terminal. No router is contacted.',
    ],
    flags: [{ flags: [{ name: '--journal', arg: 'FILE' }], text: ['the journal of the session'] }, HELP_FLAG],
  },
  fleet: {
    summary: 'fleet runs: list them, keep or revert one',
    usage: [
      'routersh fleet runs [--json]',
      'routersh fleet confirm RUN',
      'routersh fleet undo RUN [--yes] [--timeout S]',
    ],
    about: [
      'A change to many hosts (-i INV -c LINE, --waves) is a run. runs: each run, its state and',
      'where each host ended. confirm: keeps every window of RUN (no router is contacted). undo:',
      'reverts every host RUN changed, each through its own journal.',
    ],
    flags: [
      { flags: [{ name: '--json' }], text: ['runs: one JSON object a run'] },
      { flags: [{ name: '--yes' }, { name: '-y' }], text: ['undo without asking (a script)'] },
      { flags: [{ name: '--timeout', arg: 'S' }], text: ['undo: seconds per request (default 30)'] },
      HELP_FLAG,
    ],
  },
  undo: {
    summary: "undo changes of a session's journal",
    usage: ['routersh undo --journal', 'routersh undo --journal FILE [N | ID] [--yes] [connection]'],
    about: [
      'Without FILE: the journals with a confirmed-change window open. With FILE: finishes its',
      'confirmed-change window whose shell is gone, else undoes its newest change; N: the last N',
      'changes; ID: that one.',
    ],
    flags: [
      { flags: [{ name: '--journal', arg: 'FILE' }], text: ['the journal of the session'] },
      { flags: [{ name: '--yes' }, { name: '-y' }], text: ['undo without asking (a script)'] },
      HELP_FLAG,
    ],
    after: [CONNECTION],
  },
  play: {
    summary: 'type a demo script into the shell',
    usage: ['routersh play SCRIPT [--auto SECONDS] [--speed N] [connection] [output]'],
    about: [
      'Types a demo script into the interactive shell: each line at a human pace, Enter when you',
      "press Enter or space (or after --auto SECONDS); '#' lines are captions.",
    ],
    flags: [
      { flags: [{ name: '--auto', arg: 'SECONDS' }], text: ['press Enter by itself after SECONDS'] },
      { flags: [{ name: '--speed', arg: 'N' }], text: ['type N times as fast'] },
      HELP_FLAG,
    ],
    after: ['Connection and output flags as for routersh itself: see routersh --help.'],
  },
  dash: {
    summary: 'dashboards: several panes on one screen, from a file',
    usage: [
      'routersh dash FILE|NAME [connection] [--var NAME=VALUE]…',
      'routersh dash --validate FILE…',
      'routersh dash import GRAFANA.json [-o FILE]',
    ],
    about: [
      'Opens a dashboard file (YAML or JSON; NAME: a built-in one, such as overview) full-screen;',
      'checks dashboard files (every mistake as FILE:LINE, exit 2); imports a Grafana export.',
    ],
    flags: [
      { flags: [{ name: '--validate', arg: 'FILE…' }], text: ['check dashboard files'] },
      { flags: [{ name: '--var', arg: 'NAME=VALUE' }], text: ["a variable's value (repeat for more)"] },
      HELP_FLAG,
    ],
    after: [CONNECTION, 'The format, the keys and the import: docs/dashboards.md.'],
  },
  completion: {
    summary: 'a completion script for bash, zsh or fish',
    usage: ['routersh completion bash|zsh|fish'],
    about: [
      'Prints a script that completes routersh in that shell: its commands and flags, files,',
      'profile and lesson names, and the words of -c from the router of a saved profile.',
    ],
    flags: [HELP_FLAG],
    after: ['To load it in every new shell:'],
    examples: [
      'bash: source <(routersh completion bash)   (in ~/.bashrc)',
      'zsh:  source <(routersh completion zsh)    (in ~/.zshrc, after compinit)',
      'fish: routersh completion fish > ~/.config/fish/completions/routersh.fish',
    ],
  },
  'ansible-path': {
    summary: "the folder of routersh's Ansible modules",
    usage: ['routersh ansible-path'],
    about: [
      'Prints the folder holding the Ansible modules routersh_command and routersh_change (each',
      "its own action plugin: they run routersh on the controller with the host's variables).",
    ],
    flags: [HELP_FLAG],
    after: ['Point Ansible at it:'],
    examples: [
      'export ANSIBLE_LIBRARY=$(routersh ansible-path) ANSIBLE_ACTION_PLUGINS=$(routersh ansible-path)',
      'ansible edge -i inventory.yml -c local -m routersh_command -a "command=\'show interface\'"',
    ],
  },
  inventory: {
    summary: 'the hosts of an inventory, resolved',
    usage: ['routersh inventory [-i FILE] [--limit PATTERN] [--json] [connection]'],
    about: [
      'Lists the hosts of an Ansible inventory (INI, YAML, an executable dynamic inventory, or',
      "profiles: for routersh's own profiles) as routersh resolves them: each host's router,",
      'user, password and token files, telemetry URL, groups and variables, and where each value',
      'came from (FILE:LINE, a flag, the environment, a default).',
    ],
    flags: [
      {
        flags: [{ name: '-i' }, { name: '--inventory', arg: 'FILE' }],
        text: ['the inventory (default: ROUTERSH_INVENTORY, then the profile key inventory)'],
      },
      {
        flags: [{ name: '--limit', arg: 'PATTERN' }],
        text: ['only the hosts of an Ansible pattern (edge:&dc1:!edge-3, ~re, @FILE)'],
      },
      { flags: [{ name: '--json' }], text: ['one JSON document: source, hosts, groups'] },
      HELP_FLAG,
    ],
    after: [
      CONNECTION.replace(
        '(--router, --profile, …)',
        '(--user, --password-file, …: defaults under the host vars)',
      ),
    ],
    examples: ['routersh inventory -i hosts.ini --limit edge', 'routersh inventory -i inventory.yml --json'],
  },
  class: {
    summary: 'a classroom: a router for each trainee, a board, grades',
    usage: [
      'routersh class serve --trainees N|--roster FILE --lesson L [--lesson L]… [--host A] [--port P] [--state DIR] [--cert F --key F]',
      'routersh class join URL --name NAME [--code-file F] [-c CMD… | -f FILE | --play SCRIPT] [connection]',
      'routersh class board URL [--json] [--stuck D] [--token-file F]',
      'routersh class grades URL --csv|--json [--token-file F]',
    ],
    about: [
      'serve: one simulated router and telemetry per trainee behind one port, each with its own',
      'join code; the lessons graded on the server; an instructor token for the board. join: the',
      "shell on the trainee's router with the class's lessons. board: every trainee's steps, live.",
      'grades: per trainee, lesson and step, as CSV or JSON.',
    ],
    flags: [
      { flags: [{ name: '--trainees', arg: 'N' }], text: ['serve: trainees t1…tN'] },
      { flags: [{ name: '--roster', arg: 'FILE' }], text: ['serve: trainee names, one a line (# comments)'] },
      { flags: [{ name: '--lesson', arg: 'NAME|FILE' }], text: ['serve: a lesson (repeat: in order)'] },
      { flags: [{ name: '--host', arg: 'A' }], text: ['serve: address to listen on (default 127.0.0.1)'] },
      { flags: [{ name: '--port', arg: 'P' }], text: ['serve: port (default 8099; 0 picks a free one)'] },
      {
        flags: [{ name: '--state', arg: 'DIR' }],
        text: ['serve: codes, progress and routers kept here across restarts'],
      },
      { flags: [{ name: '--cert', arg: 'FILE' }], text: ['serve: TLS certificate (PEM), with --key'] },
      { flags: [{ name: '--key', arg: 'FILE' }], text: ['serve: TLS private key (PEM)'] },
      { flags: [{ name: '--name', arg: 'NAME' }], text: ["join: the trainee's name"] },
      { flags: [{ name: '--code-file', arg: 'FILE' }], text: ['join: the join code from FILE (else asked)'] },
      {
        flags: [{ name: '--play', arg: 'SCRIPT' }],
        text: ['join: SCRIPT typed into the shell, graded (as routersh play)'],
      },
      { flags: [{ name: '--auto', arg: 'SECONDS' }], text: ['join --play: Enter by itself after SECONDS'] },
      { flags: [{ name: '--speed', arg: 'N' }], text: ['join --play: type N times as fast'] },
      { flags: [{ name: '--json' }], text: ['board: JSON lines; grades: JSON'] },
      { flags: [{ name: '--csv' }], text: ['grades: CSV'] },
      { flags: [{ name: '--stuck', arg: 'D' }], text: ['board: mark trainees longer than D on a step'] },
      {
        flags: [{ name: '--token-file', arg: 'FILE' }],
        text: ["board, grades: the instructor's token from FILE (else asked)"],
      },
      HELP_FLAG,
    ],
    after: ['For a trainer: docs/classroom.md.'],
    examples: [
      'routersh class serve --trainees 3 --lesson interfaces',
      'routersh class join http://10.0.0.5:8099 --name t1',
    ],
  },
} as const satisfies Record<string, CommandHelp>;

export type HelpedCommand = keyof typeof COMMAND_HELP;

export const isHelpedCommand = (name: string): name is HelpedCommand => Object.hasOwn(COMMAND_HELP, name);
