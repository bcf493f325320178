const { createJestConfig } = require('@cloudclip/shared-kernel/testing/jest-app-config.cjs');

module.exports = createJestConfig({});
