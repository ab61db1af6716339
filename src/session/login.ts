// The interactive password prompt, retried like ssh: a password the router refuses (401) is
// asked for again — "Permission denied, please try again." — up to three times in all; the
// third refusal is the auth error (exit 3). Only for a password typed at the prompt: one
// from the environment or a file is wrong the same way every time, and fails at once.
import { isRoutershError } from '../errors.js';

export const PASSWORD_TRIES = 3;
export const PERMISSION_DENIED = 'Permission denied, please try again.\n';

/**
 * `ask` reads a password; `open` logs in with it and resolves with what it opened, or rejects
 * (having closed it) with the router's error. Only an auth error is asked again.
 */
export async function loginWithRetries<T>(
  ask: () => Promise<string>,
  open: (password: string) => Promise<T>,
  say: (text: string) => void,
  tries = PASSWORD_TRIES,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const password = await ask();
    try {
      return await open(password);
    } catch (e) {
      if (!isRoutershError(e) || e.code !== 'auth' || attempt >= tries) throw e;
      say(PERMISSION_DENIED);
    }
  }
}
