# syntax=docker/dockerfile:1
# Multi-stage: build with every dependency, run with production dependencies only, as non-root.
ARG NODE_VERSION=22
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.ts scripts/prisma-generate.ts
COPY prisma prisma
RUN npm ci --no-audit --no-fund

FROM deps AS build
# Values baked into the pre-rendered pages (see README, Configuration).
ARG SITE_URL=http://localhost:3000
ARG BRAND_PRODUCT
ARG BRAND_EMAIL
ENV SITE_URL=${SITE_URL} BRAND_PRODUCT=${BRAND_PRODUCT} BRAND_EMAIL=${BRAND_EMAIL}
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.ts scripts/prisma-generate.ts
COPY prisma prisma
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/.data
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node . .
# The generated Prisma client is git-ignored (and docker-ignored): take the one prod-deps generated.
COPY --from=prod-deps --chown=node:node /app/server/db/generated ./server/db/generated
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
# argon2 allocates 19 MiB per verification on libuv's threads; with glibc's adaptive threshold
# those blocks end up in per-thread arenas that are never returned (+80 MB RSS after a few
# logins). A fixed mmap threshold hands them back on free (decision 008).
ENV MALLOC_MMAP_THRESHOLD_=131072
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrates, uploads demo media when the buckets are empty, then serves (no rebuild: dist is current).
# The server runs from its bundle (dist/node, decision 010): no TypeScript loader in production.
CMD ["node", "dist/node/start.mjs", "--no-build"]
