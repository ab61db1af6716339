import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Ink renders non-interactively when CI is set; tests want the interactive renderer.
    env: { CI: '', FORCE_COLOR: '0' },
    pool: 'forks',
  },
});
