// MetricsQL syntax tree of the supported subset.

export type MatchOp = '=' | '!=' | '=~' | '!~';

export interface Matcher {
  name: string;
  op: MatchOp;
  value: string;
  /** Anchored regex for =~ and !~. */
  re?: RegExp;
}

export interface Selector {
  kind: 'sel';
  matchers: Matcher[];
  /** Milliseconds; 0 when absent. */
  offset: number;
  /** Range window in milliseconds (metric[5m]); 0 for an instant selector. */
  range: number;
}

export type Expr =
  | { kind: 'num'; value: number }
  | { kind: 'str'; value: string }
  | Selector
  | { kind: 'call'; name: string; args: Expr[] }
  | {
      kind: 'agg';
      op: string;
      param: Expr | null;
      by: string[] | null;
      without: string[] | null;
      expr: Expr;
    }
  | {
      kind: 'bin';
      op: string;
      lhs: Expr;
      rhs: Expr;
      bool: boolean;
      on: string[] | null;
      ignoring: string[] | null;
    }
  | { kind: 'neg'; expr: Expr };

export const ROLLUPS = new Set([
  'rate',
  'irate',
  'increase',
  'delta',
  'avg_over_time',
  'min_over_time',
  'max_over_time',
  'sum_over_time',
  'count_over_time',
  'last_over_time',
]);

export const AGGREGATIONS = new Set(['sum', 'avg', 'min', 'max', 'count', 'topk', 'bottomk']);

export const COMPARISONS = new Set(['==', '!=', '>', '<', '>=', '<=']);
export const SET_OPS = new Set(['and', 'or', 'unless']);
