// Why a journaled change is not undoable, as the journal writes it (journal.ts, unfinished.ts).
export const NO_EFFECT = 'the metadata shows no change (an action, or a value the router does not show)';
export const AFTER_UNREAD = 'its node could not be read after the change';
export const SECRET = 'it sets a secret, which the metadata does not show and the journal never stores';
