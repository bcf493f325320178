// The gateway in front of an api-server stand-in, for the /api proxy tests (gateway/api-proxy*.test.mjs).
import http from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildGateway } from '../gateway/server.mjs';
import { FolderReleaseStore } from '../release-store/store.mjs';

/** A temporary folder for the gateways of one test file (remove it with rm in `after`). */
export function gatewayTestRoot() {
  return mkdtemp(path.join(os.tmpdir(), 'cloudclip-gateway-api-'));
}

/** A gateway with `apiUpstream` as its api-server. Its files go under `root`; no environment is pinned: only /api is asked for. */
export function gatewayOf(root, apiUpstream, options = {}) {
  return buildGateway({
    environment: 'test',
    environmentsDir: path.join(root, 'environments'),
    store: new FolderReleaseStore(path.join(root, 'releases')),
    workspaceRoot: path.join(root, 'workspace'),
    apiUpstream,
    ...options,
  });
}

/** A gateway in front of `handler` as its api-server, listening on a real port. */
export async function gatewayInFrontOf(root, handler) {
  const api = typeof handler === 'function' ? http.createServer(handler) : handler;
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  const front = await gatewayOf(root, `http://127.0.0.1:${api.address().port}`);
  await front.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: front.server.address().port,
    close: async () => {
      await front.close();
      api.closeAllConnections?.();
      await new Promise((resolve) => api.close(resolve));
    },
  };
}
