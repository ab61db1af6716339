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
export { isInsideQuote, quoteWord, type ScannedLine, scanLine, tokenize } from './tokenize.js';
export { type CacheStats, MetadataCache, pathKey } from './cache.js';
export {
  BUILTINS,
  builtinByName,
  checkBuiltin,
  DURATION_RE,
  isBuiltinNode,
  isVerbNode,
  OPTION_SLOTS,
  slotIdOf,
  TIME_RE,
  takesRouterPath,
} from './builtins.js';
export { classifyLineSync, resolveLine } from './resolve.js';
export { validationError } from './line-error.js';
export { complete, completeSync } from './complete.js';
export { matchesInputRe, uncheckedNote } from './regex.js';
