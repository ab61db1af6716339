// Staging a line in candidate mode: the line is checked as a dry run checks a script's line
// (features/changes/dry-run.ts: the live metadata, then the overlay of what the lines staged
// before it create and delete), and kept instead of sent. A line under a node an earlier staged
// line creates is staged `unchecked` where the metadata cannot know; one that cannot be right is
// refused as any line is (caret under its word), and nothing is staged.
import type { NodeInfo, RouterRequest } from '../../api/router/types.js';
import { isChange } from '../../api/router/is-change.js';
import type { StagedLine } from '../../contract/config.js';
import type { Setting } from '../../contract/journal.js';
import type { Outcome } from '../../contract/outcome.js';
import type { CandidatePort, RunIo, Services } from '../../contract/services.js';
import { commandFailedError } from '../../errors.js';
import { Overlay } from '../../lang/overlay.js';
import { lineSecrets, redactLine } from '../../lang/secrets.js';
import { dryRunLine } from '../changes/dry-run.js';
import { focusOf, NodeView } from '../changes/journal/projection.js';
import { uncheckedRequest } from './unchecked-path.js';

/** The predicted state of the staged lines, per candidate (a new one once nothing is staged). */
const overlays = new WeakMap<CandidatePort, Overlay>();

function overlayOf(port: CandidatePort): Overlay {
  let o = overlays.get(port);
  if (!o || (port.lines()?.length ?? 0) === 0) {
    o = new Overlay();
    overlays.set(port, o);
  }
  return o;
}

/** The settings of the node a request changes, as `info` shows them (the journal's projection). */
export const settingsOf = (info: NodeInfo, request: RouterRequest): Setting[] =>
  new NodeView(info, request.words).project(focusOf(info, [request])).settings;

/**
 * The node's settings as the router shows them now (one GET, not the metadata cache, which may be
 * older than the line): what a commit compares with its own read. Undefined when it cannot be read.
 */
async function seenNow(
  request: RouterRequest,
  services: Services,
  signal: AbortSignal,
): Promise<Setting[] | undefined> {
  try {
    const info = (await services.router.send({ method: 'GET', words: request.words }, { signal })).nodeInfo;
    return info && settingsOf(info, request);
  } catch {
    return undefined;
  }
}

export async function stageLine(
  port: CandidatePort,
  { line, context }: { line: string; context: string[] },
  run: { services: Services; io: RunIo },
  signal: AbortSignal,
): Promise<Outcome> {
  const { services } = run;
  const overlay = overlayOf(port);
  const d = await dryRunLine(line, { state: { context: [...context] }, services, overlay, signal });
  if (d.status === 'invalid' && d.error)
    return { kind: 'error', error: d.error, ...(d.at ? { at: d.at } : {}) };
  if (d.request && !isChange(d.request))
    throw commandFailedError('not staged: only a change is staged in candidate mode');
  if (d.status !== 'ok' && d.status !== 'unchecked')
    throw commandFailedError(`not staged: ${d.why ?? 'not a change'}`);
  // A line under a node an earlier staged line creates: its request is its words as typed (the
  // router judges it when the commit sends it, after the line that creates its node).
  const request =
    d.request ?? (d.status === 'unchecked' && d.words ? uncheckedRequest(d.words, line, context) : undefined);
  const from = { words: d.words ?? [], context, scan: undefined };
  const secret = lineSecrets(line, d.words ? from : undefined).length > 0;
  const shown = d.words ? redactLine(line, from) : redactLine(line);
  const staged: StagedLine = {
    line: shown,
    context: [...context],
    at: services.now(),
    ...(request ? { request } : {}),
    ...(d.status === 'unchecked' ? { unchecked: d.why ?? 'the metadata cannot tell yet' } : {}),
    ...(request && !d.request ? { asTyped: true } : {}),
    ...(secret ? { secret: true } : {}),
  };
  const seen = d.request ? await seenNow(d.request, services, signal) : undefined;
  if (seen) staged.seen = seen;
  port.add(staged);
  const n = port.lines()?.length ?? 0;
  const json = { staged: n, line: shown, ...(staged.unchecked ? { unchecked: staged.unchecked } : {}) };
  // Staged quietly: the prompt's count says it; an unchecked line says why.
  return { kind: 'text', text: staged.unchecked ? `staged, unchecked: ${staged.unchecked}\n` : '', json };
}
