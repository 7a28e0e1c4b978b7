# syntax=docker/dockerfile:1
# Multi-stage build: deps → build → slim runtime with production dependencies only.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends openssl ca-certificates && rm -rf /var/lib/apt/lists/*

# All dependencies (dev included) for the build.
FROM base AS deps
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma/schema.prisma ./prisma/
COPY scripts/prisma-schema-engine.mjs ./scripts/
# Fixes to dependencies that `npm ci` applies (postinstall: patch-package), e.g. React's streamed render.
COPY patches ./patches/
RUN npm ci --include=dev

# Production dependencies only, with the generated Prisma client.
FROM base AS production-deps
COPY --from=deps /app/node_modules /app/node_modules
COPY package.json package-lock.json ./
RUN npm prune --omit=dev

FROM base AS build
COPY --from=deps /app/node_modules /app/node_modules
COPY . .
RUN npx prisma generate && npm run build

FROM base AS runtime
ENV PORT=8080
# jemalloc instead of glibc's malloc, as sharp advises for long-running servers: glibc kept libvips' freed
# pixel buffers in per-thread arenas and the process grew past the machine's 512 MB; jemalloc hands freed pages
# back after a second (decision 061, docs/performance.md "Memory").
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/* \
	&& ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2
ENV MALLOC_CONF=background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0,narenas:2
RUN useradd --system --uid 1001 --home /app bakery
COPY --from=production-deps --chown=bakery /app/node_modules /app/node_modules
COPY --from=build --chown=bakery /app/app/generated /app/app/generated
COPY --from=build --chown=bakery /app/build /app/build
COPY --from=build --chown=bakery /app/server-build /app/server-build
COPY --chown=bakery package.json prisma.config.ts ./
# What `prisma migrate deploy` (fly.toml's release_command) reads; the seed is demo data for development.
COPY --chown=bakery prisma/schema.prisma ./prisma/
COPY --chown=bakery prisma/migrations ./prisma/migrations
COPY --chown=bakery scripts/prisma-schema-engine.mjs ./scripts/
USER bakery
EXPOSE 8080
# The production Node flags (server/production-node.ts has the reasons; a unit test keeps this line equal to it):
# a fixed V8 heap and young generation, and Buffers counted toward the heap's limit (decision 061). The compile
# cache `npm run build` wrote under build/ is only accepted under the same flags (decision 062).
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=4", "--optimize-for-size", "--external-memory-accounted-in-global-limit", "server-build/index.js"]
