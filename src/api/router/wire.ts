// The router API's JSON as it travels (router-config-api.md). Shared by the client (which
// decodes it defensively: every field optional until checked) and the simulator (which
// produces it). Numbers 0/1 are flags; the spec spells AllowUnSet both ways.

export type Flag = 0 | 1;

export interface WireOptionInfo {
  InputRe?: string;
  ValueType?: string;
  Count?: number;
  Description?: string;
  AvailableInSet?: Flag;
  AvailableInUnSet?: Flag;
  AvailableInShow?: Flag;
  Key?: Flag;
  [extra: string]: unknown;
}

/** Any JSON value: routers put arrays, objects and booleans in table cells too. */
export type WireJson = string | number | boolean | null | WireJson[] | { [key: string]: WireJson };

/** A table ShowOutput: rows of column → cell (a cell may be any JSON value). */
export type WireTable = Array<Record<string, WireJson>>;

export interface WireNodeInfo {
  Name?: string;
  Type?: 'Token' | 'Value' | string;
  Description?: string;
  Help?: string;
  InputRe?: string;
  AllowSet?: Flag;
  AllowUnSet?: Flag;
  AllowUnset?: Flag;
  AllowShow?: Flag;
  HasSetSubnodes?: Flag;
  HasUnSetSubnodes?: Flag;
  HasShowSubnodes?: Flag;
  HasSubnodes?: Flag;
  SetValues?: string[] | null;
  SetOptions?: Array<Record<string, string[]>> | null;
  PossibleValues?: string[] | null;
  PossibleOptions?: Record<string, WireOptionInfo> | null;
  MultiValue?: Flag;
  SubNodes?: WireNodeInfo[] | null;
  ShowOutput?: string | WireTable;
  ShowFormat?: 'text' | 'table' | string;
  [extra: string]: unknown;
}

export interface WireEnvelope {
  RequestStatus?: string;
  ErrorStatus?: string;
  Message?: string[] | null;
  Request?: { Node?: string[]; PostData?: Record<string, unknown> };
  NodeInfo?: WireNodeInfo;
  [extra: string]: unknown;
}

export type Action = 'SET' | 'UNSET' | 'GET' | 'SHOW';
