// `help`: the command language in one screen. Router words are discovered with Tab, `?`
// and `describe`, never listed here: the shell knows nothing about a particular router.

const GENERAL = `Commands (words come from the router's live metadata: press Tab or ? anywhere):
  WORD… [OPTION [VALUE]]…        configure (SET), e.g.  interface eth2 mtu 1500
  no WORD… [KEY-OPTION VALUE]…   delete (the no form), or UNSET an entry by its key option
  show WORD… [OPTION [VALUE]]…   show state or configuration
  describe WORD…                 the node's metadata: sub-nodes, values, options
  edit WORD… / up / top / exit   enter a context, go up one level, to the top, leave
  refresh [WORD…]                forget cached metadata (all, or under WORD…)
  history                        commands typed so far (secrets shown as ***)
  metrics query EXPR [at TIME]                       instant MetricsQL query
  metrics range EXPR [since D | from T [to T]] [step D] chart (full screen on a terminal)
  metrics names | labels [match SEL] | label-values LABEL [match SEL]
  logs search QUERY [since D] [limit N] [all]        log tail (full screen on a terminal)
  logs histogram QUERY [since D] [step D] [by FIELD] · logs fields · logs field-values F · logs facets
  help · exit
Keys: Tab completes, Tab Tab or ? lists, Ctrl-R searches history, Ctrl-C cancels, Ctrl-D exits.
Durations: 90s, 15m, 6h, 7d, 1h30m (a step may also be bare seconds: 300).
Times: RFC 3339 (2026-11-22T10:00:00Z), now, now-1h; 'from T' alone runs to now.
Quote expressions with blanks.
`;

export function helpText(args: string[]): string {
  if (args.length === 0) return GENERAL;
  return `Try 'describe ${args.join(' ')}' for the node's metadata, or '${args.join(' ')} ?' to list what can follow.\n`;
}
