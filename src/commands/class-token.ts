// The instructor's token for `class board` and `class grades`: from `--token-file F` (a file
// only its owner can read: config/private-secret-file.ts), else asked without echo on a
// terminal. Never from argv, the URL or the environment, so it stays out of `ps` and history.
import { readPrivateSecretFile } from '../config/private-secret-file.js';
import type { CommandIo } from '../contract/command-io.js';
import { isTerminal } from '../contract/command-io.js';
import { configError } from '../errors.js';

export async function instructorToken(tokenFile: string | undefined, io: CommandIo): Promise<string> {
  if (tokenFile !== undefined) return readPrivateSecretFile(tokenFile, 'instructor token');
  if (!isTerminal(io))
    throw configError(
      'no instructor token: give --token-file F (class serve wrote instructor.token beside the roster)',
    );
  const { promptPassword } = await import('../session/prompt-password.js');
  const token = (await promptPassword('instructor token: ', io.stdin, io.stderr)).trim();
  if (token === '') throw configError('no instructor token given');
  return token;
}
