// `npm run deps`: ARCHITECTURE.md's import rules (.dependency-cruiser.cjs) checked by
// dependency-cruiser over src/ and sim/, one line per violation. Violations the config lists
// as known (options.knownViolations) are printed but do not fail; any other does.
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A dependency's files are named by its package: `node_modules/ink/build/index.d.ts` → `ink`. */
const shortName = (path) => /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? path;

/** One line: `rule: a → b` (a cycle: `a → b → a`; a transitive reach: `a → via → b`). */
export function violationLine(v) {
  const hops = v.cycle?.length
    ? [v.from, ...v.cycle.map((d) => d.name)]
    : [v.from, ...(v.via ?? []).map((d) => d.name).filter((n) => n !== v.to), v.to];
  return `${v.rule.name}: ${hops.map(shortName).join(' → ')}`;
}

/** Cruises `dirs` under `baseDir` with the project's rules. */
export async function checkImports(baseDir = ROOT, dirs = ['src', 'sim']) {
  const options = await extractDepcruiseOptions(`${ROOT}.dependency-cruiser.cjs`);
  const tsConfig = extractTSConfig(`${ROOT}tsconfig.json`);
  const { output } = await cruise(dirs, { ...options, baseDir }, {}, { tsConfig });
  const lines = (severity) =>
    output.summary.violations.filter((v) => v.rule.severity === severity).map(violationLine);
  return { errors: lines('error'), known: lines('ignore'), modules: output.summary.totalCruised };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { errors, known, modules } = await checkImports();
  for (const line of known) process.stdout.write(`known  ${line}\n`);
  for (const line of errors) process.stdout.write(`error  ${line}\n`);
  process.stdout.write(
    `deps: ${modules} modules, ${errors.length} violation(s), ${known.length} known (.dependency-cruiser.cjs)\n`,
  );
  process.exitCode = errors.length ? 1 : 0;
}
