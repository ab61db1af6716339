// Public API of the completion engine (pure TypeScript: no Ink, no React, no HTTP).
export type {
  AsyncCache,
  CacheView,
  Candidate,
  CandidateKind,
  Classification,
  Completion,
  EngineDeps,
  FetchNode,
  LineError,
  LineErrorReason,
  ResolvedWord,
  Resolution,
  SyncView,
  Token,
  ValueCompleter,
  WordRole,
} from './types.js';
export {
  continuesOnNextLine,
  isInsideQuote,
  isLiteralAt,
  quoteWord,
  type ScannedLine,
  scanLine,
  tokenize,
} from './tokenize.js';
export { type CacheStats, MetadataCache, pathKey } from './cache.js';
export {
  BUILTINS,
  builtinByName,
  builtinNameOf,
  checkBuiltin,
  isBuiltinNode,
  isVerbNode,
  OPTION_SLOTS,
  slotIdOf,
  takesRouterPath,
  valueCheckOf,
} from './builtins.js';
export { BUILTIN_HELP, HABITS, type HelpEntry, PASS_THROUGH, VERB_HELP } from './builtin-help.js';
export {
  BUILTIN_NAMES,
  BUILTIN_TABLE,
  type BuiltinName,
  type BuiltinSpec,
  builtinSpec,
  type ContextMove,
  GROUPS,
  isBuiltinName,
  OPTIONS,
  VERBS,
  type OptionOf,
} from './grammar.js';
export { classifyLineSync, resolveLine } from './resolve.js';
export { validationError } from './line-error.js';
export { complete, completeSync } from './complete.js';
export { ENTER } from './candidates.js';
export { matchesInputRe, uncheckedNote } from './regex.js';
