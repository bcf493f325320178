import type { FastifyInstance } from 'fastify';

/**
 * Lists the routes an app registered, for tests that must cover every route (the fuzz test, the
 * permission matrix), including routes added later by other modules.
 *
 * Fastify cannot enumerate its routes after the fact (`printRoutes` is a display tree and omits
 * some wildcard routes), so a test file swaps the `fastify` factory for one that installs an
 * `onRoute` hook on every new root instance before `buildApp` registers anything:
 *
 *   jest.mock('fastify', () => jest.requireActual('../testing/route-recorder').recordingFastify());
 *   …
 *   const routes = recordedRoutes(t.app);
 *
 * The list is stored on the instance under a global symbol, so it survives Jest's module registry.
 */

export interface RecordedRoute {
  method: string;
  /** The route pattern, e.g. `/api/paste/:slug` or `/api/storage/local/:configId/*`. */
  url: string;
  /** The route's own body limit, when it sets one (bytes). */
  bodyLimit?: number;
}

const ROUTES = Symbol.for('cloudclip.test.recordedRoutes');

type Factory = ((...args: unknown[]) => FastifyInstance) & Record<string, unknown>;

/** A drop-in replacement for the `fastify` module whose instances record their routes. */
export function recordingFastify(): Factory {
  const actual = jest.requireActual('fastify') as Factory;
  const recording = ((...args: unknown[]) => {
    const app = actual(...args);
    const routes: RecordedRoute[] = [];
    (app as unknown as Record<symbol, RecordedRoute[]>)[ROUTES] = routes;
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const entry: RecordedRoute = { method: String(method).toUpperCase(), url: route.url ?? route.path };
        if (typeof route.bodyLimit === 'number') entry.bodyLimit = route.bodyLimit;
        routes.push(entry);
      }
    });
    return app;
  }) as Factory;
  Object.assign(recording, actual);
  recording.default = recording;
  recording.fastify = recording;
  return recording;
}

/** The routes recorded for an app built while `recordingFastify` replaced `fastify` (deduplicated, sorted). */
export function recordedRoutes(app: FastifyInstance): RecordedRoute[] {
  const routes = (app as unknown as Record<symbol, RecordedRoute[] | undefined>)[ROUTES];
  if (!routes) throw new Error("No recorded routes: call jest.mock('fastify', …recordingFastify()) in the test file");
  const unique = new Map<string, RecordedRoute>();
  for (const route of routes) unique.set(`${route.method} ${route.url}`, route);
  return [...unique.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
