// @ts-check
/**
 * The one shared-dependency list of the platform (conventions #3). Every webpack config — host and
 * remotes — builds its Module Federation `shared` option from this, so they cannot drift.
 * Everything is a singleton with `requiredVersion` taken from the app's own package.json.
 */
const path = require('node:path');

const kernelPackage = require('../package.json');

/** Packages shared as singletons when an app depends on them. `react/` and `react-dom/` share their subpaths. */
const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'antd',
  '@ant-design/cssinjs',
  '@ant-design/icons',
  '@ant-design/pro-components',
  'i18next',
  'react-i18next',
  'rxjs',
  'single-spa',
  'single-spa-react',
];

/**
 * @param {{ dependencies?: Record<string, string> }} appPackage the app's package.json
 * @returns {Record<string, import('@module-federation/enhanced').moduleFederationPlugin.SharedConfig>}
 */
function sharedDependencies(appPackage) {
  const deps = appPackage.dependencies ?? {};
  /** @type {Record<string, any>} */
  const shared = {};
  for (const key of SHARED_SINGLETONS) {
    const name = key.endsWith('/') ? key.slice(0, -1) : key;
    const range = deps[name];
    if (!range) continue;
    shared[key] = { singleton: true, requiredVersion: range, strictVersion: false };
  }
  if (deps['@cloudclip/shared-kernel']) {
    // A workspace range is not semver: declare the kernel's real version and a caret range.
    shared['@cloudclip/shared-kernel'] = {
      singleton: true,
      version: kernelPackage.version,
      requiredVersion: `^${kernelPackage.version}`,
      import: path.dirname(require.resolve('../package.json')) + '/src/index.ts',
    };
  }
  return shared;
}

module.exports = { sharedDependencies, SHARED_SINGLETONS };
