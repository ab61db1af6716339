// `config load merge|replace|override FILE [--dry-run] [--from ROUTER]`: a saved configuration
// applied as one transaction. The file is read (config-file.ts) and refused when saved from
// another router unless --from names it; its lines are judged against the live metadata
// (file-lines.ts: a line the metadata refuses is FILE:LINE: why, nothing sent); the live
// configuration is walked under the file's `under` (with members when the file has them);
// the plan (plan.ts) is printed as diff lines and the requests, asked (a script needs --yes),
// and sent by runTransaction. `--dry-run` prints the plan only. `rollback checkpoint NAME`
// comes here too (runLoad: a checkpoint's text and the nodes it covers).
import type { ConfigLine } from '../../contract/config.js';
import type { HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { readBytesBounded, TooLargeError } from '../../config/read-bounded.js';
import { argumentError, commandFailedError } from '../../errors.js';
import { quoteWord } from '../../lang/tokenize.js';
import { sanitizeLine } from '../../term/sanitize.js';
import { wireText } from '../changes/journal/text.js';
import { MAX_CONFIG_FILE_BYTES, type ParsedConfigFile, parseConfigFile } from './config-file.js';
import { resolveFileLines } from './file-lines.js';
import { lineKey } from './line-key.js';
import { lineText } from './line-text.js';
import { type LoadMode, type LoadPlan, planLoad } from './plan.js';
import { slotLive } from './slot-reads.js';
import { runTransaction } from './transaction.js';
import { readConfig } from './walk.js';
import { withProgress } from './late-progress.js';

export interface LoadRequest {
  mode: LoadMode;
  /** The file as named (errors and the plan name it). */
  file: string;
  /** Its text when read already (a checkpoint); otherwise the file is read. */
  text?: string;
  dryRun: boolean;
  /** The router the file was saved from, when it is not this one (copying r1's configuration to r2). */
  from?: string;
  /** The command as the journal names the transaction. */
  line: string;
  /** Only at and under these nodes (an automatic checkpoint's); default: the file's `under`. */
  nodes?: string[][];
}

const MODES: readonly LoadMode[] = ['merge', 'replace', 'override'];
const USAGE = 'usage: config load merge|replace|override FILE [--dry-run] [--from ROUTER]';

/** The words after `config load` (flags anywhere: the global --dry-run puts its own first). */
export function parseLoadArgs(args: readonly string[]): Omit<LoadRequest, 'line'> {
  const words: string[] = [];
  let dryRun = false;
  let from: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--dry-run') dryRun = true;
    else if (w === '--from') {
      from = args[++i];
      if (from === undefined)
        throw argumentError('config load: --from needs the ROUTER the file was saved from');
    } else if (w.startsWith('--from=')) from = w.slice('--from='.length);
    else if (w.startsWith('-') && w !== '-')
      throw argumentError(`config load: unknown flag '${sanitizeLine(w)}' (${USAGE})`);
    else words.push(w);
  }
  const [mode, file, ...more] = words;
  if (!MODES.includes(mode as LoadMode))
    throw argumentError(`config load: merge, replace or override? (${USAGE})`);
  if (file === undefined) throw argumentError(`config load ${mode}: which FILE? (${USAGE})`);
  if (more.length) throw argumentError(`config load: one FILE only (${USAGE})`);
  return { mode: mode as LoadMode, file, dryRun, ...(from !== undefined ? { from } : {}) };
}

async function readLoadFile(req: LoadRequest): Promise<ParsedConfigFile> {
  if (req.text !== undefined) return parseConfigFile(req.text, req.file);
  const name = sanitizeLine(req.file);
  try {
    // Bounded: a regular file too big is refused unread, /dev/zero or a FIFO stop past the limit.
    return parseConfigFile(await readBytesBounded(req.file, MAX_CONFIG_FILE_BYTES), name);
  } catch (e) {
    if (e instanceof TooLargeError)
      throw commandFailedError(`${name}: larger than 16 MiB, not read (the limit of a configuration file)`);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw commandFailedError(`${name}: no such file`);
    if (code === 'EISDIR') throw commandFailedError(`${name}: a directory, not a file`);
    if (code === 'EACCES') throw commandFailedError(`${name}: not readable (permission denied)`);
    throw e;
  }
}

const sameRouter = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

/** A file saved from another router is loaded only when --from names that router. */
function checkFrom(
  file: string,
  saved: string | undefined,
  here: string | undefined,
  from: string | undefined,
) {
  const name = sanitizeLine(file);
  if (from !== undefined && (saved === undefined || !sameRouter(from, saved)))
    throw commandFailedError(
      `not loaded: ${name} was saved from ${sanitizeLine(saved ?? 'an unnamed router')}, not ${sanitizeLine(from)} (--from names the router the file was saved from)`,
    );
  if (
    saved === undefined ||
    here === undefined ||
    here === '' ||
    sameRouter(saved, here) ||
    from !== undefined
  )
    return;
  throw commandFailedError(
    `not loaded: ${name} was saved from ${sanitizeLine(saved)}, not this router (${sanitizeLine(here)}); --from ${sanitizeLine(saved)} loads it here`,
  );
}

/** The live lines the plan compares with: under the file's `under`, or each node named. */
async function liveLines(env: HandlerEnv, nodes: string[][], members: boolean): Promise<ConfigLine[]> {
  if (nodes.length <= 1) return (await readConfig(env, { under: nodes[0] ?? [], members })).lines;
  // A node under another named one is walked with it (an automatic checkpoint names each step's).
  const sorted = [...nodes].sort((a, b) => a.length - b.length);
  const walks: string[][] = [];
  for (const p of sorted) if (!walks.some((w) => w.every((x, i) => p[i] === x))) walks.push(p);
  const seen = new Set<string>();
  const out: ConfigLine[] = [];
  for (const under of walks)
    for (const l of (await readConfig(env, { under, members })).lines) {
      const k = lineKey(l);
      if (!seen.has(k)) out.push(l);
      seen.add(k);
    }
  return out;
}

/** The plan as printed: the diff lines, the requests as they go on the wire, the notes. */
function planText(plan: LoadPlan, notes: readonly string[], root: string | undefined): string {
  const out: string[] = [...plan.diff];
  if (plan.steps.length) {
    out.push(`requests (${plan.steps.length}):`);
    for (const s of plan.steps) out.push(`  ${wireText(s.request, root)}`);
  }
  for (const n of [...notes, ...plan.notes]) out.push(`note: ${n}`);
  return out.length ? `${out.join('\n')}\n` : '';
}

const count = (n: number) => `${n} request${n === 1 ? '' : 's'}`;

/** Loads a saved configuration (the `config load` row, `rollback checkpoint NAME`). */
export async function runLoad(req: LoadRequest, env: HandlerEnv): Promise<Outcome> {
  const { services, io, signal } = env;
  const parsed = await readLoadFile(req);
  const { header } = parsed;
  checkFrom(req.file, header.router, services.identity?.router, req.from);
  const total = parsed.lines.length;
  const file = await withProgress(io, `checked 0 of ${total} lines`, (say) =>
    resolveFileLines(sanitizeLine(req.file), parsed.lines, {
      router: services.router,
      signal,
      onLine: (done) => say(`checked ${done} of ${total} lines`),
    }),
  );
  const nodes = req.nodes ?? [header.under];
  // A merge compares each line with its own slot only: no walk of the whole tree.
  const live =
    req.mode === 'merge' && !req.nodes
      ? await withProgress(io, 'reading the live lines', (say) =>
          slotLive(env, file.lines, header.members, (done, of) => say(`read ${done} of ${of} nodes`)),
        )
      : await liveLines(env, nodes, header.members);
  const plan = planLoad(req.mode, live, file.lines, {
    members: header.members,
    under: header.under,
    ...(req.nodes ? { nodes: req.nodes } : {}),
    text: lineText,
  });
  const shown = planText(plan, file.notes, services.router.apiRoot);
  const json = {
    mode: req.mode,
    file: req.file,
    diff: plan.diff,
    requests: plan.steps.map((s) => s.request),
    notes: [...file.notes, ...plan.notes],
  };
  const n = plan.steps.length;
  if (n === 0)
    return {
      kind: 'text',
      text: `${shown}nothing to change: the router has the file's lines\n`,
      json,
      diff: true,
    };
  if (req.dryRun) return { kind: 'text', text: `${shown}dry run: ${count(n)} not sent\n`, json, diff: true };
  if (io.ask) {
    if (!(await io.ask(`${shown}send ${count(n)} as one transaction?`, signal)))
      throw commandFailedError('cancelled: nothing sent');
  } else if (!services.yes)
    // The plan as output (one line of an error would run it together), the refusal as the failure.
    return {
      kind: 'text',
      text: shown,
      json,
      diff: true,
      failure: commandFailedError('config load in a script needs --yes: nothing sent (the plan is above)'),
    };
  const result = await runTransaction({ line: req.line, steps: plan.steps, before: plan.before }, env);
  const said =
    result.state === 'committed'
      ? `committed: ${count(result.sent)} sent (transaction ${result.id})`
      : `${result.state}: ${sanitizeLine(result.note ?? '')} (transaction ${result.id})`;
  const text = `${io.ask ? '' : shown}${said}\n`;
  const out = { kind: 'text' as const, text, json: { ...json, transaction: result }, diff: true };
  if (result.state === 'committed') return out;
  return { ...out, failure: commandFailedError(`config load ${req.mode}: ${result.state}`) };
}

/** The `load` row of `config …` (config-command.ts): the words after `config load`. */
export function configLoad(args: readonly string[], env: HandlerEnv): Promise<Outcome> {
  const req = parseLoadArgs(args);
  return runLoad({ ...req, line: ['config', 'load', ...args].map(quoteWord).join(' ') }, env);
}
