// The command a panel's text completes as: `e` edits a chart's expression as the shell completes
// `metrics range EXPR`, a logs panel's query as `logs search QUERY`.
import type { PanelKind } from '../../contract/dashboard.js';

export function promptLine(kind: PanelKind): string | undefined {
  switch (kind) {
    case 'chart':
      return 'metrics range ';
    case 'stat':
      return 'metrics query ';
    case 'logs':
      return 'logs search ';
    case 'histogram':
      return 'logs histogram ';
    default:
      return undefined;
  }
}
