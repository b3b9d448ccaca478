# syntax=docker/dockerfile:1
# The production image: Node 24 LTS, installed from the lock file, built once, run as a non-root user.
# Topology, environment and release steps: docs/deploy.md.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
# npm ci refuses lock files made on the developers' machines (optional platform packages, an npm bug);
# install exactly the locked tree instead.
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx next build

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production APP_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0
COPY package.json package-lock.json .npmrc ./
# Runtime dependencies only: the build tools, test runners and linters stay in the build stage.
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
# owned by the app user: Next writes its image cache under .next/cache at run time
COPY --from=build --chown=node:node /app/.next ./.next
COPY --chown=node:node server.ts tsconfig.json next.config.ts ./
COPY --chown=node:node src ./src
COPY --chown=node:node drizzle ./drizzle
COPY --chown=node:node scripts ./scripts
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness only: readiness (database reachable, migrations applied) is the proxy's and orchestrator's probe.
HEALTHCHECK --interval=10s --timeout=2s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec form, and node itself (tsx as a loader, not the tsx launcher, which relays SIGTERM and
# SIGKILLs a server that does not acknowledge within ~60 ms): SIGTERM reaches the server, which
# drains (SHUTDOWN_DRAIN_SECONDS) and finishes its in-flight requests before it exits.
CMD ["node", "--import", "tsx", "server.ts"]
