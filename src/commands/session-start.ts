// What a session run starts with besides its flags: a lesson (`routersh learn NAME`), a typed
// script (`routersh play`).
export interface SessionStart {
  lesson?: string;
  play?: { script: string; autoMs?: number; speed: number };
}
