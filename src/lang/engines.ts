// The two matchers the language loads on demand: RE2 for InputRe checks (regex.ts) and fuse.js
// for "did you mean" and fuzzy ranking (fuzzy.ts). Until loaded they answer provisionally and
// record that they were wanted; an async caller (resolveLine) loads what was wanted and judges
// the line again, so a final verdict never depends on whether an engine happened to be loaded.
import { loadFuzzyEngine, takeFuzzyWanted } from './fuzzy.js';
import { loadRegexEngine, takeRegexWanted } from './regex.js';

/**
 * Starts loading the engines asked for since the last call (synchronously takes the requests,
 * so a walk's own requests are never taken by another caller); undefined when none was.
 */
export function loadWantedEngines(): Promise<void> | undefined {
  const regex = takeRegexWanted();
  const fuzzy = takeFuzzyWanted();
  if (!regex && !fuzzy) return undefined;
  return Promise.all([regex ? loadRegexEngine() : undefined, fuzzy ? loadFuzzyEngine() : undefined]).then(
    () => {},
  );
}

/** Both engines, for the interactive shell once its prompt is up (keystrokes judge synchronously). */
export function loadLangEngines(): Promise<void> {
  return Promise.all([loadRegexEngine(), loadFuzzyEngine()]).then(() => {});
}
