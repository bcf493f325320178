// pnpm bench:ab — is a change to the web client faster? Two builds, loaded interleaved.
//
//   pnpm bench:ab save <name>   keeps the current builds of the host and the remotes (`<package>/dist`)
//                               as <name>, in bench-results/ab/<name>/
//   pnpm bench:ab <a> <b>       serves each saved build through a gateway of its own (WORKSPACE_ROOT),
//                               both in front of one api-server, and loads every route cold in Chromium
//                               (a new context each time, loopback): one unrecorded round, then
//                               BENCH_AB_ROUNDS rounds of one load per route and build, the builds
//                               taking turns to go first. Prints each build's median FCP and LCP and
//                               B − A per route; writes bench-results/ab-<a>-<b>.json.
//
// Why: on this 2-core VM the medians of `pnpm bench` for one and the same build move by 50–70 ms
// between runs a few minutes apart, so a 10–20 ms change cannot be seen by comparing two runs. Loaded
// in turns, both builds meet the same spells of the machine. Still, an A/A run (one build saved
// twice, 9 rounds, 2026-11-27) differed by up to 16 ms on a route: take a smaller difference for
// noise, or raise BENCH_AB_ROUNDS. Timings never decide a test.
//
// Environment: BENCH_AB_ROUNDS (default 9), BENCH_AB_ROUTES (route patterns, comma-separated;
// default every route of `pnpm bench`), BENCH_AB_PORT (default 27190: the gateways on it and the
// next port, the api-server on it + 9).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib.mjs';
import { summarize, roundOrder } from './bench-ab-lib.mjs';
import { formatTable } from '../scripts/budgets-lib.mjs';
import {
  ROUTES,
  createContent,
  launchChromium,
  openPage,
  pageTimings,
  requireBuild,
  routeUrl,
  startStack,
} from '../scripts/page-harness.mjs';

const WEB_PACKAGES = ['host-shell', 'mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'];
const SAVED = path.join(repoRoot, 'bench-results', 'ab');
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 9);
const PORT = Number(process.env.BENCH_AB_PORT ?? 27190);
const NAME = /^[\w.-]+$/;

function usage(message) {
  if (message) console.error(message);
  console.error('usage: pnpm bench:ab save <name>   |   pnpm bench:ab <a> <b>');
  process.exit(2);
}

function save(name) {
  requireBuild('pnpm bench:ab save');
  const target = path.join(SAVED, name);
  rmSync(target, { recursive: true, force: true });
  for (const pkg of WEB_PACKAGES) {
    mkdirSync(path.join(target, pkg), { recursive: true });
    cpSync(path.join(repoRoot, pkg, 'dist'), path.join(target, pkg, 'dist'), { recursive: true });
  }
  console.log(`Saved the builds of ${WEB_PACKAGES.join(', ')} as "${name}" (${path.relative(repoRoot, target)}).`);
}

async function compare(builds) {
  requireBuild('pnpm bench:ab');
  for (const name of builds) {
    if (!WEB_PACKAGES.every((pkg) => existsSync(path.join(SAVED, name, pkg, 'dist'))))
      usage(`No saved build "${name}": run \`pnpm bench:ab save ${name}\` after building it.`);
  }
  const wanted = (process.env.BENCH_AB_ROUTES ?? '')
    .split(',')
    .map((route) => route.trim())
    .filter(Boolean);
  const routes = wanted.length ? ROUTES.filter(({ route }) => wanted.includes(route)) : ROUTES;
  if (!routes.length) usage(`BENCH_AB_ROUTES: none of ${wanted.join(', ')} is a route (${ROUTES.map(({ route }) => route).join(', ')})`);
  const areaOf = new Map(routes.map(({ route, area }) => [route, area]));

  const stack = await startStack({
    port: PORT,
    apiPort: PORT + 9,
    name: 'bench-ab',
    workspaceRoots: builds.map((name) => path.join(SAVED, name)),
  });
  const baseUrlOf = new Map(builds.map((name, index) => [name, stack.baseUrls[index]]));
  const loads = [];
  try {
    const content = await createContent(stack.apiUrl);
    const browser = await launchChromium();
    try {
      console.log(
        `\nOne unrecorded round, then ${ROUNDS} rounds of cold loads (${routes.length} routes × ${builds.join(' and ')}, in turns)…`,
      );
      for (let round = 0; round <= ROUNDS; round += 1) {
        for (const { route, build } of roundOrder(round, [...areaOf.keys()], builds)) {
          const { extra } = await openPage(browser, `${baseUrlOf.get(build)}${routeUrl(route, content)}`, {
            area: areaOf.get(route),
            // Timings only: pageFigures' garbage collection and heap reading would cost every load time for nothing.
            inspect: pageTimings,
          });
          if (round > 0) loads.push({ route, build, round, fcpMs: extra.fcpMs, lcpMs: extra.lcpMs });
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    stack.stop();
  }

  const rows = summarize(loads, builds);
  const ms = (value) => (value === null ? '—' : `${Math.round(value)}`);
  const signed = (value) => (value === null ? '—' : `${value > 0 ? '+' : ''}${Math.round(value)}`);
  const table = [
    ['route', `FCP ${builds[0]}`, `FCP ${builds[1]}`, 'B − A', `LCP ${builds[0]}`, `LCP ${builds[1]}`, 'B − A'],
    ...rows.map((row) => [
      row.route,
      ms(row.fcpMs[builds[0]]),
      ms(row.fcpMs[builds[1]]),
      signed(row.fcpMs.difference),
      ms(row.lcpMs[builds[0]]),
      ms(row.lcpMs[builds[1]]),
      signed(row.lcpMs.difference),
    ]),
  ];
  console.log(`\nMedians of ${ROUNDS} interleaved cold loads on loopback (ms since navigation start; B − A < 0: ${builds[1]} is faster):`);
  console.log(formatTable(table));
  const file = path.join(repoRoot, 'bench-results', `ab-${builds[0]}-${builds[1]}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), builds, rounds: ROUNDS, summary: rows, loads }, null, 2)}\n`,
  );
  console.log(`Written: ${path.relative(repoRoot, file)}`);
}

const [first, second, ...rest] = process.argv.slice(2);
if (rest.length || !first || !second) usage();
if (first === 'save') {
  if (!NAME.test(second)) usage(`A build name is letters, digits, '.', '_' or '-': ${second}`);
  save(second);
} else {
  if (!NAME.test(first) || !NAME.test(second) || first === second) usage('Two different saved build names.');
  await compare([first, second]);
}
