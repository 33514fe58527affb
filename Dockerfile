# syntax=docker/dockerfile:1
# The portal as one image: `node apps/api/dist/server.js` serves the API and the built web app;
# the same image runs the worker and the migrations (compose.yaml).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when the lockfile changes.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY tsconfig.base.json vitest.shared.ts ./
COPY scripts scripts
COPY packages packages
COPY apps apps
RUN npm run build:api && node scripts/build-web.mjs

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
# Only the API's production dependencies: the web app is served pre-built.
RUN npm ci --omit=dev --workspace=@portal/api && npm cache clean --force
# The workspace packages resolve to dist/ at runtime (their `exports` default condition).
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Read at runtime relative to apps/api/dist: migrations (db/client.ts), SBT designs
# (sbt.designs.ts) and the KYC sandbox page (config.ts).
COPY apps/api/src/db/migrations apps/api/src/db/migrations
COPY apps/api/assets apps/api/assets
COPY apps/web/public/websdk apps/web/public/websdk
# DATA_DIR must be writable by the unprivileged user (mail outbox; PGlite when no DATABASE_URL).
RUN mkdir /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
