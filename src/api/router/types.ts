// Decoded router types: what the rest of the program works with. The client's decoder turns
// WireNodeInfo into NodeInfo (flags → booleans, null → [], both AllowUnSet spellings, unknown
// fields kept in `raw`).

export interface OptionInfo {
  name: string;
  /** Absent for a flag option (takes no value). */
  inputRe?: string;
  valueType?: string;
  count: number;
  description?: string;
  availableInSet: boolean;
  availableInUnSet: boolean;
  availableInShow: boolean;
  key: boolean;
}

export type ShowTable = { columns: string[]; rows: string[][] };

export interface NodeInfo {
  name: string;
  type: 'Token' | 'Value';
  description?: string;
  help?: string;
  inputRe?: string;
  allowSet: boolean;
  allowUnSet: boolean;
  allowShow: boolean;
  hasSetSubnodes: boolean;
  hasUnSetSubnodes: boolean;
  hasShowSubnodes: boolean;
  hasSubnodes: boolean;
  setValues: string[];
  setOptions: Array<Record<string, string[]>>;
  possibleValues: string[];
  /** In the order the server sent them. */
  possibleOptions: OptionInfo[];
  multiValue: boolean;
  subNodes: NodeInfo[];
  showOutput?: string | ShowTable;
  showFormat?: 'text' | 'table';
  /** The fields of the node the decoder does not know, as received (the rest is decoded above). */
  raw: Record<string, unknown>;
  /** What the decoder left out (SubNodes nested too deep), for the user. */
  note?: string;
  /**
   * A note per value, shown as its description when completed: the fleet shell's `12/40` for a
   * value not every host has (features/fleet/shell/union.ts). Never sent by a router.
   */
  valueNotes?: Readonly<Record<string, string>>;
}

export interface Envelope {
  ok: boolean;
  requestStatus: string;
  errorStatus?: string;
  /** Message elements joined; ends with exactly one newline when non-empty. */
  message: string;
  messageLines: string[];
  nodeInfo?: NodeInfo;
  /** The envelope as received (for --json). */
  raw: Record<string, unknown>;
}

export type Method = 'GET' | 'POST' | 'DELETE';

/** One router request as the command language produces it. */
export interface RouterRequest {
  method: Method;
  words: string[];
  actions?: Array<'SET' | 'UNSET' | 'GET' | 'SHOW'>;
  /** Values of a numeric option (ValueType %NUM) are sent as numbers, as the spec shows. */
  options?: Record<string, Array<string | number>>;
  query?: { debug?: 0 | 1; output?: 'json' | 'dumper' };
}
