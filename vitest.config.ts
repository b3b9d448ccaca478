import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };
const env = { NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL: "http://localhost:3000" } as const;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["src/**/*.test.ts"], env } },
      {
        // Client components rendered with Testing Library in jsdom (src/**/*.test.tsx).
        resolve: { alias },
        test: {
          name: "component",
          include: ["src/**/*.test.tsx"],
          environment: "jsdom",
          env,
          setupFiles: ["tests/setup/component-dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          env,
          // One process for all files (tests/setup/api-db.ts resets what a file changes): a fresh
          // process and module graph per file cost more than half of the run (PGlite and
          // PostgreSQL side by side: 360 s → 163 s, decision 0029).
          isolate: false,
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: ["tests/setup/api-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          env,
          isolate: false,
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: ["tests/setup/api-db.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "system",
          include: ["tests/system/**/*.test.ts"],
          env,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
