# syntax=docker/dockerfile:1
# The Cloudclip API server (api-server/): Fastify on Node 20, SQLite + local disk under /data by
# default, PostgreSQL with DATABASE_URL, S3-compatible storage through the storage configs.
#
#   docker build -f deploy/docker/api-server.Dockerfile -t cloudclip/api-server .    (from the repo root)
#
# Stages: `build` compiles the TypeScript; `deps` installs the production dependencies only
# (scripts/native-addons.mjs compiles better-sqlite3's addon against the image's Node headers:
# python3, make and g++ are there for that);
# the final stage copies both onto a clean slim image and runs as the unprivileged `node` user.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG PNPM_VERSION=12.4.2

# --- shared base: pnpm and the native toolchain ----------------------------------------------
FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
RUN npm install -g "pnpm@${PNPM_VERSION}"
ENV CI=true \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
WORKDIR /app
# The workspace's manifests first, so the install layers are reused while only sources change.
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
COPY scripts/native-addons.mjs scripts/

# --- build: the api-server's dependencies (dev included) and tsc ------------------------------
FROM base AS build
RUN pnpm install --frozen-lockfile --filter @cloudclip/api-server && node scripts/native-addons.mjs
COPY contract/ contract/
COPY api-server/ api-server/
RUN pnpm --filter @cloudclip/api-server run build

# --- deps: production dependencies only --------------------------------------------------------
FROM base AS deps
RUN pnpm install --frozen-lockfile --prod --filter @cloudclip/api-server && node scripts/native-addons.mjs

# --- runtime -----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    API_HOST=0.0.0.0 \
    API_PORT=8787 \
    DATA_DIR=/data
WORKDIR /app
# pnpm's node_modules are symlinks into /app/node_modules/.pnpm: copy both, keep the layout.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/api-server/node_modules ./api-server/node_modules
COPY --from=build /app/api-server/dist ./api-server/dist
COPY api-server/package.json ./api-server/package.json
# @cloudclip/contract (linked from api-server/node_modules): its compiled dist/ is what Node loads.
COPY --from=build /app/contract/dist ./contract/dist
COPY contract/package.json ./contract/package.json
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8787
# Node's own fetch: no curl in the image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.API_PORT || 8787) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "api-server/dist/main.js"]
