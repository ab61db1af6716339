// The scripts `routersh completion SHELL` prints. Each asks `routersh __complete` for the
// candidates (commands/complete.ts) and knows only its shell's completion API.
import type { CompletionShell } from '../../cli/command-options.js';
import bash from './routersh.bash?raw';
import fish from './routersh.fish?raw';
import zsh from './routersh.zsh?raw';

const SCRIPTS: Readonly<Record<CompletionShell, string>> = { bash, zsh, fish };

export const completionScript = (shell: CompletionShell): string => SCRIPTS[shell];
