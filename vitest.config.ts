import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))
const exclude = ['node_modules/**', '.next/**', '.data/**', 'e2e/**']

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // Tests import server modules directly; the guard is for client bundles.
      'server-only': `${root}node_modules/server-only/empty.js`,
    },
  },
  test: {
    // Vitest leaves a core free by default: one worker on a 2-core machine. The integration
    // files wait on HTTP and their own stack as much as they compute, so every core gets one.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...exclude, '**/*.int.test.ts'],
          environment: 'node',
          // The decoder's tests read real and generated photos: a second or so each, more on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
