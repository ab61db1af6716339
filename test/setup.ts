// Ink (is-in-ci) renders only the last frame when CI is present in the environment, even
// empty; CI sets it. Tests want the interactive renderer, as a user's terminal has.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;

// No test writes to the user's real state (journals, history, lesson progress): a test that
// does not name its own XDG_STATE_HOME gets one of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.XDG_STATE_HOME ??= mkdtempSync(join(tmpdir(), 'routersh-test-state-'));

// fast-check: FC_SEED/FC_PATH replay a property; a failure prints the command that does.
import './fast-check-replay.js';
