const { createJestConfig } = require('@cloudclip/shared-kernel/testing/jest-app-config.cjs');

module.exports = createJestConfig({
  // antd forms and modals render slowly in jsdom on a 2-core machine.
  testTimeout: 30000,
  // What antd needs besides the shared jsdom set-up.
  setupFiles: ['<rootDir>/jest.setup.ts'],
});
