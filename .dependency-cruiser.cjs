// Import rules of ARCHITECTURE.md, checked by `npm run deps` (part of `npm test`).
// Imports point one way: main → {shell, run, cli, config}; shell → {run, lang, panes, term};
// panes → {api types, term}; run → {lang, api, term, panes' pure text renderers};
// lang → {api types, term}; api → {http, errors}; http → errors; sim → wire types only;
// lessons (pure) → {lang, api types}; run → lessons; cli → lessons.
// Only src/ and sim/ are cruised: tests and benches may import anything.

const UI_LIBS = '(^|/)node_modules/(ink|ink-[^/]+|react|react-[^/]+|@types/react)/';
const UI_FILES = '^src/(shell|panes)/|^src/term/use-terminal-size\\.ts$';
const WIRE_TYPES = '^src/.+/(wire|types)\\.ts$';
// The wire's time format (RFC 3339 text ↔ epoch ms): pure, imports nothing, the ONE parser of
// RFC 3339. lang/time.ts and the log pane use it by value, like a type of the wire.
const WIRE_TIME = '^src/api/telemetry/time\\.ts$';

/** `from` may import nothing of ours (src/, sim/) but `allowed`. */
const onlyImports = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: '^(src|sim)/', pathNot: allowed },
});

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
        'lang/, run/, api/ and http/ never load ink or react, directly or through another module ' +
        "(such as a panes/ file run/ uses that imports ink).",
      severity: 'error',
      from: { path: '^src/(lang|lessons|run|api|http|journal)/' },
      to: { path: UI_LIBS, reachable: true },
    },
    {
      name: 'core-no-shell',
      comment: 'lang/, run/, api/ and http/ never import shell/.',
      severity: 'error',
      from: { path: '^src/(lang|lessons|run|api|http)/' },
      to: { path: '^src/shell/' },
    },
    {
      name: 'core-no-panes',
      comment: 'lang/, api/ and http/ never import panes/.',
      severity: 'error',
      from: { path: '^src/(lang|api|http)/' },
      to: { path: '^src/panes/' },
    },
    {
      name: 'run-only-pure-panes',
      comment: "run/ imports only panes/' pure text renderers and types: no views (.tsx), no hooks.",
      severity: 'error',
      from: { path: '^src/run/' },
      to: { path: '^src/panes/.+(\\.tsx|/use-[^/]+\\.ts)$' },
    },
    onlyImports(
      'api-imports-down-only',
      'api/ imports only api/, http/, term/ and errors.ts.',
      '^src/api/',
      '^src/(api|http|term)/|^src/errors\\.ts$',
    ),
    onlyImports(
      'http-imports-down-only',
      'http/ imports only http/, errors.ts and term/sanitize.ts.',
      '^src/http/',
      '^src/http/|^src/errors\\.ts$|^src/term/sanitize\\.ts$',
    ),
    onlyImports(
      'lang-imports-down-only',
      "lang/ imports only lang/, api/'s types.ts, wire.ts and the wire time format, term/ and errors.ts.",
      '^src/lang/',
      `^src/lang/|^src/api/.+/(types|wire)\\.ts$|${WIRE_TIME}|^src/term/|^src/errors\\.ts$`,
    ),
    {
      name: 'lang-uses-api-types-only',
      comment: 'lang/ is pure: from api/ it imports types only (import type).',
      severity: 'error',
      from: { path: '^src/lang/' },
      to: { path: '^src/api/', pathNot: WIRE_TIME, dependencyTypesNot: ['type-only'] },
    },
    onlyImports(
      'run-imports-down-only',
      "run/ imports only run/, lang/, lessons/, api/, term/, panes/ (pure ones, above), config/'s " +
        'types and helpers, and errors.ts.',
      '^src/run/',
      '^src/(run|lang|lessons|api|term|panes|config|journal)/|^src/errors\\.ts$',
    ),
    onlyImports(
      'lessons-imports-down-only',
      "lessons/ is pure (parse, validate, evaluate a check, progress): it imports only lessons/, " +
        "lang/, api/'s types.ts and errors.ts; run/lesson-driver.ts and cli/ do its effects.",
      '^src/lessons/',
      '^src/(lessons|lang)/|^src/api/.+/types\\.ts$|^src/errors\\.ts$',
    ),
    {
      name: 'lessons-no-side-effects',
      comment: 'lessons/ never touches the disk, the network or the terminal.',
      severity: 'error',
      from: { path: '^src/lessons/' },
      to: { path: '^(node:)?(fs|net|http|https|child_process)$|(^|/)node_modules/(undici|ink|react)/' },
    },
    onlyImports(
      'journal-imports-down-only',
      "journal/ (the change journal) imports only journal/, api/'s types.ts, lang/ and errors.ts.",
      '^src/journal/',
      `^src/(journal|lang)/|${WIRE_TYPES}|^src/errors\\.ts$`,
    ),
    {
      name: 'journal-uses-api-types-only',
      comment: 'journal/ reads the router through an injected port: from api/ it imports types only.',
      severity: 'error',
      from: { path: '^src/journal/' },
      to: { path: '^src/api/', dependencyTypesNot: ['type-only'] },
    },
    onlyImports(
      'panes-imports-down-only',
      "panes/ imports only panes/, api/'s types.ts and wire.ts, term/, shell/keys/ and errors.ts.",
      '^src/panes/',
      `^src/(panes|term|shell/keys)/|${WIRE_TYPES}|${WIRE_TIME}|^src/errors\\.ts$`,
    ),
    {
      name: 'panes-use-api-types-only',
      comment: 'panes/ get data from sources injected by run/: from api/ they import types only.',
      severity: 'error',
      from: { path: '^src/panes/' },
      to: { path: '^src/api/', pathNot: WIRE_TIME, dependencyTypesNot: ['type-only'] },
    },
    onlyImports(
      'shell-imports-down-only',
      "shell/ imports only shell/, run/, lang/, panes/, term/, config/'s types and errors.ts.",
      '^src/shell/',
      '^src/(shell|run|lang|panes|term|config|journal)/|^src/errors\\.ts$',
    ),
    onlyImports(
      'term-imports-nothing-of-ours',
      'term/ imports only term/ and errors.ts.',
      '^src/term/',
      '^src/term/|^src/errors\\.ts$',
    ),
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
      name: 'sim-only-from-cli-and-main',
      comment: 'src/ starts the simulators only from cli/ (sim, --demo) and main.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/|^src/main\\.ts$' },
      to: { path: '^sim/' },
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
