# syntax=docker/dockerfile:1
# The Cloudclip gateway (deploy/gateway/server.mjs) with the web client baked in: the host shell and
# every remote, built for containers and stored as releases in the image's release store
# (/app/deploy/releases), served as pinned by deploy/environments/<DEPLOY_ENV>.json. It proxies /api
# to the api-server (API_UPSTREAM).
#
#   docker build -f deploy/docker/gateway.Dockerfile -t cloudclip/gateway .    (from the repo root)
#
# CLOUDCLIP_BUILD_TARGET=container turns off the browser's saved backend-address override (the
# localStorage key of the environment switcher, spec §7): the backend is what /config.js says,
# i.e. BACKEND_URL, or the page's own origin when BACKEND_URL is empty.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG PNPM_VERSION=12.4.2

# --- shared base: pnpm and the workspace's manifests --------------------------------------------
FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
RUN npm install -g "pnpm@${PNPM_VERSION}"
ENV CI=true \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
WORKDIR /app
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
COPY api-server/package.json api-server/
COPY deploy/package.json deploy/
COPY e2e/package.json e2e/
COPY host-shell/package.json host-shell/
COPY mfe-admin/package.json mfe-admin/
COPY mfe-explorer/package.json mfe-explorer/
COPY mfe-public/package.json mfe-public/
COPY mfe-upload/package.json mfe-upload/
COPY shared-kernel/package.json shared-kernel/
COPY contract/package.json contract/
# The workspace's postinstall (it builds better-sqlite3's addon, and skips when the api-server is not installed).
COPY scripts/native-addons.mjs scripts/

# --- build: host + remotes (container target), then each stored as a release --------------------
FROM base AS build
# Everything but the api-server and the end-to-end tests (not part of this image).
RUN pnpm install --frozen-lockfile --filter '!@cloudclip/api-server' --filter '!@cloudclip/e2e'
COPY scripts/ scripts/
COPY contract/ contract/
COPY shared-kernel/ shared-kernel/
COPY host-shell/ host-shell/
COPY mfe-public/ mfe-public/
COPY mfe-upload/ mfe-upload/
COPY mfe-admin/ mfe-admin/
COPY mfe-explorer/ mfe-explorer/
COPY deploy/ deploy/
# Webpack builds two at a time (about 1.3 GB each); give the builder enough memory.
RUN CLOUDCLIP_BUILD_TARGET=container node scripts/build.mjs host-shell mfe-public mfe-upload mfe-admin mfe-explorer
# The image's release store: deploy/releases/<package>/<version>/ + release.json (the build
# context never carries a local deploy/releases, see .dockerignore).
RUN node deploy/scripts/release.mjs --no-build host-shell mfe-public mfe-upload mfe-admin mfe-explorer

# --- deps: the gateway's production dependencies only ---------------------------------------------
FROM base AS deps
RUN pnpm install --frozen-lockfile --prod --filter @cloudclip/deploy

# --- runtime ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DEPLOY_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    API_UPSTREAM=http://api-server:8787 \
    BACKEND_URL= \
    WORKSPACE_BUILDS=false
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/deploy/node_modules ./deploy/node_modules
COPY deploy/package.json ./deploy/package.json
COPY deploy/gateway ./deploy/gateway
COPY deploy/release-store ./deploy/release-store
COPY deploy/scripts ./deploy/scripts
COPY deploy/environments ./deploy/environments
# The installed app's names and colours, which the gateway's web app manifest shares with the page.
COPY shared-kernel/src/pwa/app-manifest-texts.json ./shared-kernel/src/pwa/app-manifest-texts.json
COPY --from=build /app/deploy/releases ./deploy/releases
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "deploy/gateway/server.mjs"]
