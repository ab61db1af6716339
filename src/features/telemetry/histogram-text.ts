// `logs histogram` as plain text: the bars, after a note line for each thing the client has
// to tell (a clamped range, a shape it only partly understood). When the server's answer
// could not be read at all there are no bars: only the note, and the command still succeeds.
import type { TelemetryResponse } from '../../api/telemetry/shapes.js';
import type { HistogramBucket } from '../../api/telemetry/types.js';
import { renderHistogramText } from '../../term/histogram-strip.js';
import { sanitizeLine } from '../../term/sanitize.js';

export function histogramText(res: TelemetryResponse<HistogramBucket[]>, width: number): string {
  const notes = [...(res.notices ?? []), ...(res.shapeWarning ? [res.shapeWarning] : [])];
  const head = notes.map((n) => `note: ${sanitizeLine(n)}\n`).join('');
  return head + (histogramNote(res) !== undefined ? '' : renderHistogramText(res.data, width));
}

/** The note to show instead of bars, when the histogram could not be read at all. */
export function histogramNote(res: TelemetryResponse<HistogramBucket[]>): string | undefined {
  return res.shapeWarning !== undefined && res.data.length === 0 ? res.shapeWarning : undefined;
}
