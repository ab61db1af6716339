import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Ink renders non-interactively when CI is set (even empty): the setup file removes it.
    setupFiles: ['test/setup.ts'],
    // Says once when tmux is missing (the tmux end-to-end tests are then skipped).
    globalSetup: ['test/global-setup.ts'],
    env: { FORCE_COLOR: '0' },
    pool: 'forks',
  },
});
