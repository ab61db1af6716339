// Import rules of ARCHITECTURE.md, checked by `npm run deps` (part of `npm test`). Every folder of
// src/ has a rule naming what it may import; imports point down:
//   main → commands → {session, run, shell, cli, config, features (their ports)}
//   session → {api, features (ports), config, lang}   shell → {run, lang, panes, keys, term, contract}
//   panes → {keys, api types, term, contract}   run → {contract, lang, api, term; features via the registry}
//   features/* → {contract, lang, api, term}   lang → {api types, term}
//   api → {http, term}   http → errors   keys → term   contract → types only, no feature   sim → wire types.
// The panes' data reaches the shell only through contract/ (Services.panes, built by the features):
// panes/ and shell/ never import features/, features/ never import panes/, contract/ no feature.
// No two folders may import each other (a type-only import counts), so no loop of folders passes.
// Only src/ and sim/ are cruised: tests and benches may import anything.

const UI_LIBS = '(^|/)node_modules/(ink|ink-[^/]+|react|react-[^/]+|@types/react)/';
// The key source's React binding (useStdin → keys/) is panes/key-source/: the lowest UI folder,
// below the shell; keys/ itself is pure.
const UI_FILES = '^src/(shell|panes)/|^src/term/use-terminal-size\\.ts$';
const WIRE_TYPES = '^src/.+/(wire|types)\\.ts$';
// The wire's time format (RFC 3339 text ↔ epoch ms): pure, imports nothing, the ONE parser of
// RFC 3339 (and log-time.ts, a log record's _time as a sortable number, read by that parser).
// lang/time.ts and the log pane use them by value, like a type of the wire.
const WIRE_TIME = '^src/api/telemetry/(log-)?time\\.ts$';
const ERRORS = '^src/errors\\.ts$';

/** `from` may import nothing of ours (src/, sim/) but `allowed`. */
const onlyImports = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: '^(src|sim)/', pathNot: allowed },
});

// What every feature folder may import besides itself (the layers below).
const FEATURE_BELOW = `^src/(contract|lang|api|term)/|^src/config/paths\\.ts$|^src/config/read-bounded\\.ts$|^src/config/state-dir\\.ts$|${ERRORS}`;
// Features that reach another feature's file through a port have a rule of their own (named here):
// the one rule for every other src/features/X/ leaves them out.
// features/config (issue 38) builds on the journal's pure pieces: a setting's slot, its requests,
// its text, its projection; candidate mode checks a line as a dry run does, opens the window of
// `commit confirmed N` as the window's own commit does, and names and writes its state file as
// the window index does.
const FEATURES_WITH_PORTS = {
  // The trainee's shell (features/class/join) reports a line's resolved form, which the lessons'
  // `ran` checks match: the one function that spells it, so client and grader agree.
  class: '^src/features/lessons/resolved-line\\.ts$',
  changes: '^src/features/match-list/(args|target)\\.ts$',
  config:
    '^src/features/changes/(confirm|dry-run|process-alive|window-index|journal/(diff|projection|snapshot|text))\\.ts$|^src/features/match-list/send\\.ts$',
};

/** A feature folder with a port into another: itself, the layers below, and the files named. */
const feature = (name, others) =>
  onlyImports(
    `features-${name}-imports-down-only`,
    `features/${name}/ imports only itself, contract/, lang/, api/, term/ and errors.ts (and the ports it names); never panes/.`,
    `^src/features/${name}/`,
    `^src/features/${name}/|${FEATURE_BELOW}|${others}`,
  );

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'ui-libs-only-in-ui',
      comment: 'Only shell/, panes/ and the terminal-size hook import ink or react.',
      severity: 'error',
      from: { path: '^(src|sim)/', pathNot: UI_FILES },
      to: { path: UI_LIBS },
    },
    {
      name: 'core-never-loads-ui-libs',
      comment:
        'lang/, run/, features/, session/, api/ and http/ never load ink or react, directly or through another module.',
      severity: 'error',
      from: { path: '^src/(lang|run|features|session|contract|api|http|config|cli)/' },
      to: { path: UI_LIBS, reachable: true },
    },
    onlyImports(
      'main-imports-commands-only',
      'main.ts: argv → commands/ → the exit table; nothing else.',
      '^src/main\\.ts$',
      `^src/(commands|contract)/|^src/exit-status\\.ts$`,
    ),
    onlyImports(
      'commands-import-down-only',
      'commands/ build on session/, run/, shell/, keys/, lang/, cli/, config/, contract/, features/, term/, api/ and errors.ts (sim: `routersh sim`).',
      '^src/commands/',
      `^src/(commands|session|run|shell|keys|lang|cli|config|contract|features|term|api)/|${ERRORS}|^sim/router/index\\.ts$`,
    ),
    onlyImports(
      'session-imports-down-only',
      'session/ builds the services from config/, api/, lang/ and the features\' ports; the demo starts the simulators.',
      '^src/session/',
      `^src/(session|config|contract|api|lang|features|term)/|${ERRORS}|^sim/(router|telemetry|fleet)/index\\.ts$`,
    ),
    {
      name: 'contract-imports-no-feature',
      comment: 'contract/ names the ports; the features implement them: contract/ never imports features/ (not even a type).',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/(features|panes|shell|run|session|commands)/' },
    },
    {
      name: 'contract-is-types-only',
      comment: 'contract/ is what a built-in receives and returns: types and ports, no code of ours.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/contract/', dependencyTypesNot: ['type-only'] },
    },
    onlyImports(
      'cli-imports-down-only',
      "cli/ parses flags: it imports cli/, config/flags.ts, api/'s wire types and errors.ts.",
      '^src/cli/',
      `^src/cli/|^src/config/flags\\.ts$|${WIRE_TYPES}|${ERRORS}`,
    ),
    onlyImports(
      'config-imports-down-only',
      'config/ reads flags, environment and profiles: it imports config/, errors.ts and term/.',
      '^src/config/',
      `^src/(config|term)/|${ERRORS}`,
    ),
    onlyImports(
      'run-imports-down-only',
      'run/ is the line engine: run/, contract/, lang/, api/, term/ and errors.ts (features only through the registry, below).',
      '^src/run/',
      `^src/(run|contract|lang|api|term|features)/|${ERRORS}`,
    ),
    {
      name: 'run-reaches-features-through-the-registry',
      comment: 'run/ reaches a feature only through its handler registry (handlers.ts) and features.ts.',
      severity: 'error',
      from: { path: '^src/run/', pathNot: '^src/run/(handlers|features)\\.ts$' },
      to: { path: '^src/features/' },
    },
    ...Object.entries(FEATURES_WITH_PORTS).map(([name, others]) => feature(name, others)),
    {
      // Every src/features/X/ folder, a new one too (no line to add here): $1 is X.
      name: 'features-import-down-only',
      comment: 'A feature folder imports only itself, contract/, lang/, api/, term/ and errors.ts: never panes/, shell/ or another feature.',
      severity: 'error',
      from: {
        path: '^src/features/([^/]+)/',
        pathNot: `^src/features/(${Object.keys(FEATURES_WITH_PORTS).join('|')})/`,
      },
      to: { path: '^(src|sim)/', pathNot: `^src/features/$1/|${FEATURE_BELOW}` },
    },
    {
      name: 'lessons-no-side-effects',
      comment: 'The pure half of lessons (parse, evaluate, progress) never touches the disk, network or terminal.',
      severity: 'error',
      from: { path: '^src/features/lessons/(parse|evaluate|progress|list|types|check-line|resolved-line)\\.ts$' },
      to: { path: '^(node:)?(fs|net|http|https|child_process)$|(^|/)node_modules/(undici|ink|react)/' },
    },
    onlyImports(
      'shell-imports-down-only',
      "shell/ imports shell/, keys/, run/, lang/, panes/, term/, contract/, config/'s types, the session's type and errors.ts: never features/ (their pane sources and windows come through contract/'s ports).",
      '^src/shell/',
      `^src/(shell|keys|run|lang|panes|term|contract|config|session|api)/|${ERRORS}`,
    ),
    {
      name: 'shell-uses-session-and-api-types-only',
      comment: 'The shell is handed its session: from session/ and api/ it imports types only.',
      severity: 'error',
      from: { path: '^src/shell/' },
      to: { path: '^src/(session|api)/', dependencyTypesNot: ['type-only'] },
    },
    onlyImports(
      'panes-imports-down-only',
      "panes/ imports only panes/, keys/, api/'s types, contract/, term/ and errors.ts: never features/ (their sources come through contract/).",
      '^src/panes/',
      `^src/(panes|keys|term|contract)/|${WIRE_TYPES}|${WIRE_TIME}|${ERRORS}`,
    ),
    {
      name: 'panes-use-api-types-only',
      comment: 'panes/ get data from sources injected by the shell: from api/ they import types only.',
      severity: 'error',
      from: { path: '^src/panes/' },
      to: { path: '^src/api/', pathNot: WIRE_TIME, dependencyTypesNot: ['type-only'] },
    },
    onlyImports('keys-imports-down-only', 'keys/ imports only keys/, term/ and errors.ts.', '^src/keys/', `^src/(keys|term)/|${ERRORS}`),
    onlyImports(
      'lang-imports-down-only',
      "lang/ imports only lang/, api/'s types.ts, wire.ts and the wire time format, term/ and errors.ts.",
      '^src/lang/',
      `^src/lang/|^src/api/.+/(types|wire)\\.ts$|${WIRE_TIME}|^src/term/|${ERRORS}`,
    ),
    {
      name: 'lang-uses-api-types-only',
      comment: 'lang/ is pure: from api/ it imports types only (import type).',
      severity: 'error',
      from: { path: '^src/lang/' },
      to: { path: '^src/api/', pathNot: WIRE_TIME, dependencyTypesNot: ['type-only'] },
    },
    onlyImports(
      'api-imports-down-only',
      'api/ imports only api/, http/, term/ and errors.ts.',
      '^src/api/(?!class/)',
      `^src/(api|http|term)/|${ERRORS}`,
    ),
    // The class server's client decodes the classroom's wire contract, which lives in contract/
    // (the server, the board and the trainee's shell share it): that one file and nothing else.
    onlyImports(
      'api-class-imports-down-only',
      'api/class/ imports only api/, http/, term/, errors.ts and the wire contract contract/class.ts.',
      '^src/api/class/',
      `^src/(api|http|term)/|^src/contract/class\\.ts$|${ERRORS}`,
    ),
    onlyImports(
      'http-imports-down-only',
      'http/ imports only http/, errors.ts and term/sanitize.ts.',
      '^src/http/',
      `^src/http/|${ERRORS}|^src/term/sanitize\\.ts$`,
    ),
    onlyImports('term-imports-nothing-of-ours', 'term/ imports only term/ and errors.ts.', '^src/term/', `^src/term/|${ERRORS}`),
    onlyImports('errors-imports-nothing', 'errors.ts and exit-status.ts import only each other.', '^src/(errors|exit-status)\\.ts$', ERRORS),
    {
      name: 'nobody-imports-main',
      comment: 'main.ts is the entry point.',
      severity: 'error',
      from: {},
      to: { path: '^src/main\\.ts$' },
    },
    {
      name: 'exit-status-only-in-main',
      comment: 'The one table from error code to exit status is applied only by main.ts.',
      severity: 'error',
      from: { pathNot: '^src/main\\.ts$' },
      to: { path: '^src/exit-status\\.ts$' },
    },
    onlyImports(
      'sim-imports-wire-types-only',
      'The simulators import nothing of src/ but wire.ts and types.ts files.',
      '^sim/',
      `^sim/|${WIRE_TYPES}`,
    ),
    {
      name: 'sim-imports-types-only',
      comment: 'The simulators never load code of src/: their imports of it are import type.',
      severity: 'error',
      from: { path: '^sim/' },
      to: { path: '^src/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'sim-only-from-demo-and-sim',
      comment: 'src/ starts the simulators only for --demo (session/demo.ts) and `routersh sim`.',
      severity: 'error',
      // The class server (issue 40) is such an edge: it starts a simulated router per trainee.
      from: { path: '^src/', pathNot: '^src/session/demo\\.ts$|^src/session/class-server\\.ts$|^src/commands/sim(-banner)?\\.ts$' },
      to: { path: '^sim/' },
    },
    {
      name: 'every-file-has-a-rule',
      comment: 'A file of src/ outside the folders above has no rule: give its folder one.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot:
          '^src/(main|errors|exit-status)\\.ts$|^src/(commands|session|contract|cli|config|run|features/[^/]+|shell|panes|keys|lang|api|http|term)/',
      },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No import cycles inside src/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
    },
  ],
  options: {
    // Violations in code other branches are reshaping now: `npm run deps` prints them on every
    // run as "known" without failing. Delete an entry when its fix lands; add none for new code.
    knownViolations: [],
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a type-only import still couples the layers.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
