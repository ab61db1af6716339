// The line engine's only ways into the features, each loaded on first need: the handler map
// (a built-in) and the journal's sender (a change). A read such as `-c "show interface"` loads
// neither. Each import is made once: a script of 10,000 changes would otherwise pay the
// loader's resolution of an already loaded module on every line.
let handlers: Promise<typeof import('./handlers.js')> | undefined;
let changeSender: Promise<typeof import('../features/changes/journal-send.js')> | undefined;
export const loadHandlers = () => (handlers ??= import('./handlers.js'));
export const loadChangeSender = () => (changeSender ??= import('../features/changes/journal-send.js'));
