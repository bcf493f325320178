// @ts-check
/**
 * The one shared-dependency list of the platform (conventions #3). Every webpack config — host and
 * remotes — builds its Module Federation `shared` option from this, so they cannot drift.
 * Everything is a singleton with `requiredVersion` taken from the app's own package.json.
 */
const path = require('node:path');

const kernelPackage = require('../package.json');

/**
 * Packages shared as singletons when an app depends on them. `react/` and `react-dom/` share their subpaths.
 *
 * Only what more than one app of a page uses belongs here: a shared module is built whole (webpack
 * cannot tree-shake what another build may import), so sharing a package only one remote uses costs
 * every byte of it and saves nothing. antd, its icons, cssinjs and pro-components are used by
 * mfe-admin alone and are bundled there (tree-shaken: /admin went from 1,053 KB to the figure in
 * the issue-20 note). Share one again only when a second app starts using it.
 *
 * rxjs is not shared either: only the kernel (itself one shared instance) and the host import it,
 * so it travels inside the kernel's chunk, tree-shaken (the whole library, 19 KB compressed, was in
 * every first page load; what the kernel uses is a few KB). The remotes get the kernel's
 * Observables and only subscribe to them; a remote that needs rxjs operators itself bundles them
 * (rxjs 7 operators work on any rxjs 7 Observable).
 */
const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'i18next',
  'react-i18next',
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
    // The kernel's version is the remotes' contract with the host (conventions #10). The
    // package.json range (`workspace:^`) only links the folder; what counts is the kernel's own
    // version, read here at build time: every build provides exactly the version it was built with
    // and requires `^` of it, so a remote built against a newer kernel is refused by `pnpm pin` on a
    // host that provides an older one. scripts/api-report.mjs makes the version follow the exports.
    // @cloudclip/contract is not shared on purpose: it holds no state, the kernel bundles it and
    // re-exports it, so it reaches the remotes inside this singleton and its exports are part of
    // the kernel's API report (a contract change the remotes can see bumps the kernel).
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
