// Ink (is-in-ci) renders only the last frame when CI is present in the environment, even
// empty; CI sets it. Tests want the interactive renderer, as a user's terminal has.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
