const { ALL_CORES, createJestConfig } = require('@cloudclip/shared-kernel/testing/jest-app-config.cjs');

// The service worker's tests run in Node (its globals are Request, Response, caches — no window, no
// document), without the jsdom set-up the page's tests share.
module.exports = {
  // Set for the run (projects cannot): a worker per core.
  maxWorkers: ALL_CORES,
  projects: [
    {
      ...createJestConfig(),
      rootDir: __dirname,
      displayName: 'host-shell',
      testPathIgnorePatterns: ['/node_modules/', '/src/service-worker/'],
    },
    {
      ...createJestConfig(),
      rootDir: __dirname,
      displayName: 'service-worker',
      roots: ['<rootDir>/src/service-worker'],
      testEnvironment: 'node',
      setupFilesAfterEnv: [],
    },
  ],
};
