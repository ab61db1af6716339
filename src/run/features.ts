// The line engine's only ways into the features, each loaded on first need: the handler map
// (a built-in) and the journal's sender (a change). A read such as `-c "show interface"` loads
// neither.
export const loadHandlers = () => import('./handlers.js');
export const loadChangeSender = () => import('../features/changes/journal-send.js');
