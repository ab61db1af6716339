// The whole configuration (issue 38) as the features that build on it share it: the walk's
// lines, a plan of requests with their inverses, and a transaction's outcome. Types only; the
// code is in src/features/config/ (walk, text and files, plan, transaction, checkpoints,
// candidate mode).
import type { RouterRequest } from '../api/router/types.js';
import type { Setting } from './journal.js';

/**
 * One configured value as the line that would create it (`interface eth1 mtu 9000`,
 * `ipv4 firewall match-list blacklist timeout 3600 key net`): a Setting of the walk (what the
 * metadata says of its slot: how to set and remove it), and whether it holds a secret (then
 * the secret's words and option values are `***`: never sent, never deleted by a load).
 */
export interface ConfigLine extends Setting {
  secret: boolean;
  /** A match-list member (its timer runs out): walked and loaded only with `members`. */
  member: boolean;
}

/** What `show configuration --json` prints and a saved file's header holds. */
export interface ConfigDoc {
  router: string;
  user: string;
  /** RFC 3339. */
  time: string;
  /** routersh's version. */
  version: string;
  /** Whether members were walked (a file saved without them leaves live members alone). */
  members: boolean;
  /** Under these words only (`show configuration interface`); [] for the whole tree. */
  under: string[];
  lines: ConfigLine[];
}

/** The JSON a line prints as (`--json`, the fleet compares this). */
export interface ConfigLineJson {
  path: string[];
  options: Record<string, string[]>;
  secret: boolean;
}

/** One request of a plan, with what undoes it (from the before state the plan was made on). */
export interface TxStep {
  request: RouterRequest;
  /** Requests that put its node back as it was, in order ([] when there is nothing to undo). */
  inverse: RouterRequest[];
  /** The line it comes from, as the plan prints it (`+ interface eth1 mtu 9000`), secrets as ***. */
  text: string;
  /** The node it changes (the checkpoint of the nodes that change is made of these). */
  words: string[];
}

/** How a transaction ended, as the journal records it and the user is told. */
export type TxState =
  /** Every step was answered OK. */
  | 'committed'
  /** A step failed and every step sent before it was reverted: the router is as before. */
  | 'reverted'
  /** A step failed and a revert could not finish (refused, router gone): the note says where. */
  | 'unsettled';

export interface TxResult {
  id: string;
  state: TxState;
  /** Steps answered OK (then reverted, when state is `reverted`). */
  sent: number;
  /** Why it stopped (the failed step and the router's answer), and what the revert did. */
  note?: string;
}

/**
 * A line staged in candidate mode (`configure`): checked against the live metadata when typed,
 * sent only by `commit` (features/config/candidate*.ts).
 */
export interface StagedLine {
  /** As typed, secret values as `***` (what compare, the plan and the state file show). */
  line: string;
  /** The `edit` context it was typed in. */
  context: string[];
  /** The request it sends (absent only in a state file written before `asTyped`). */
  request?: RouterRequest;
  /** Why the dry-run rules could not check it all (the metadata cannot know yet). */
  unchecked?: string;
  /**
   * Its request is its words as typed: it is under a node an earlier staged line creates, which
   * the router cannot describe before it exists. Sent after that line; the router judges it.
   */
  asTyped?: boolean;
  /** It holds a secret value: kept in memory only, so a line recovered from the file is dropped. */
  secret?: boolean;
  /** When it was staged (ms). */
  at: number;
  /**
   * The settings of its node as read when it was staged (the journal's Settings): a commit that
   * reads them changed says so in its plan (someone else changed the node meanwhile).
   */
  seen?: Setting[];
}
