# Multi-stage: build with every dependency; run with production dependencies only, as a non-root
# user who cannot write the code. Nothing site-specific is baked in: SITE_URL, BRAND_*,
# MEDIA_PUBLIC_URL and VIDEO_BASE_URL are read when the container starts (docs/self-hosting.md).
ARG NODE_VERSION=26
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/run/prisma-generate.ts scripts/run/node-line.js scripts/run/
COPY prisma prisma
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# What the build is made from, for the release it reports (server/version.server.ts): .git is not
# in the context, so the commit and, for a release, its tag come in as build arguments:
#   docker build --build-arg RM5_COMMIT=$(git rev-parse HEAD) .
# Without RM5_RELEASE_TAG=vX.Y.Z (the release workflow passes it) the image says X.Y.Z-dev+<commit>.
ARG RM5_COMMIT=""
ARG RM5_RELEASE_TAG=""
RUN npm run build

# The same install without build tools; the Prisma client generated above stays (server/db/generated).
# With devDependencies deleted from the manifest, npm also drops the build tools that production
# packages name only as optional peers (@prisma/client → prisma, typescript), tsx (the server and
# the CLI run from their bundle, decision 010) and the packages only the embedded mode uses
# (devDependencies loaded with import(); scripts/run/build/server-bundle.test.ts keeps them out of
# every static import). vike lists Vite's toolchain and esbuild as its own dependencies for
# `vike build`; the server never loads them, so they go too, as do the dependencies' source maps
# and type declarations (nothing reads them at run time), the empty scope folders the prune leaves
# behind, and Prisma's query compilers for other databases and builds: the generated client
# (server/db/generated/internal/class.ts) imports only the small PostgreSQL one (schema.prisma).
# PDF.js and pdf-lib ship builds for browsers and bundlers, their TypeScript sources and their
# declarations; the server loads only PDF.js's legacy Node build (with its fonts, cmaps and wasm)
# and pdf-lib's CommonJS and ES builds, and the PDF pane's browser build is already in dist/client.
FROM deps AS prod-deps
RUN npm pkg delete devDependencies && npm prune --omit=dev --omit=peer --no-audit --no-fund \
  && npm cache clean --force \
  && cd node_modules && rm -rf vite rolldown @rolldown lightningcss lightningcss-linux-x64-gnu \
     esbuild @esbuild @babel caniuse-lite browserslist @types .bin/esbuild .bin/vite .bin/rolldown \
  && find . -name '*.map' -type f -delete \
  && find . -mindepth 1 -maxdepth 1 -type d -empty -delete \
  && find @prisma/client/runtime -name 'query_compiler_*' ! -name 'query_compiler_small_bg.postgresql.*' -delete \
  && rm -rf pdfjs-dist/build pdfjs-dist/web pdfjs-dist/image_decoders pdfjs-dist/types \
     pdfjs-dist/legacy/web pdfjs-dist/legacy/image_decoders \
     @cantoo/pdf-lib/src @cantoo/pdf-lib/ts3.4 @cantoo/pdf-lib/dist

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# tini as PID 1: forwards signals to node and reaps the children it forks (prepare, sidecar).
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends tini >/dev/null \
  && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/.data
WORKDIR /app
# Owned by root: the runtime user can read and run the code but not change it.
# Only what runs: the bundles and the built site (dist), the CLI's launcher (bin), the migrations
# (prisma) and the manifest (module type, project root); no sources, tests or docs.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin bin
COPY prisma prisma
RUN mkdir -p /app/.data && chown node:node /app/.data && ln -s /app/bin/rm5.js /usr/local/bin/rm5
USER node
# The server process's start settings, the same as `npm start` and the bench
# (scripts/lib/server-process.ts says why; a test keeps the three in step): glibc's fixed mmap
# threshold here, V8's old-generation and young-generation caps on the CMD below.
ENV MALLOC_MMAP_THRESHOLD_=131072
EXPOSE 3000
# Liveness: is the process serving? An orchestrator that restarts unhealthy containers must not
# restart the app because Postgres is away (that would not bring it back). docker-compose.yml
# asks /readyz instead, which also checks the database, storage and Redis.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# Migrates, adds demo media if DEMO_MEDIA says so, then serves (dist is current: no rebuild).
# The server runs from its bundle (dist/node, decision 010): no TypeScript loader in production.
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=2", "dist/node/start.mjs", "--no-build"]
