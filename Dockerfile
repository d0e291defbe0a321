# syntax=docker/dockerfile:1

# Arbiter: build with the same steps as CI (npm ci, npm run build), then ship only the compiled
# output and the production dependencies on a slim image, as the unprivileged `node` user.
#
#   docker build -t arbiter .
#   docker run --init -p 3000:3000 -v arbiter-data:/app/data arbiter

# Node 24 LTS, the version CI's main run uses (.ci/run, NODE_MAIN; CI runs the tests on Node 26 too).
# better-sqlite3 13 is built on node-addon-api, so the pin below 24.19 that better-sqlite3 12 needed
# (nodejs/node#65446) is gone. `engines` in package.json and engine-strict in .npmrc refuse other lines.
ARG NODE_IMAGE=node:24.22.3-bookworm-slim

# ---- build -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build

# better-sqlite3 ships prebuilt binaries for linux-x64 and arm64; the toolchain is there for any
# native addon that has to compile from source.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Dependencies first, so this layer is reused until the lockfile changes. The workspaces' manifests
# (the TypeScript client and the example bot) are part of the lockfile, so npm ci needs them too.
COPY package.json package-lock.json .npmrc ./
COPY clients/typescript/package.json clients/typescript/
COPY examples/discord-bot/package.json examples/discord-bot/
RUN npm ci --no-audit --no-fund

# Then the sources (.dockerignore keeps node_modules, dist, data, coverage, .git out).
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime -----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/app/data/arbiter.sqlite

WORKDIR /app

# Code and dependencies stay owned by root (read-only for the service); only the data folder is
# writable by `node`. The chown must come before VOLUME, or it would be discarded.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]

USER node
EXPOSE 3000

# No curl in slim images: ask node itself. /health is liveness only (no database round trip).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"]

# Migrations run when the application starts.
CMD ["node", "dist/src/main.js"]
