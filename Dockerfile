# The portal node image (docs/operator-guide.md, "Container image"): build stage with the dev tools, runtime
# stage with only what runs — the bundled server, the built web app and console, production dependencies —
# as the unprivileged `node` user. Build: docker build -t portal .   Run several: deploy/compose.yaml.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/
COPY packages/rules/package.json packages/rules/
COPY packages/games/package.json packages/games/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/var \
    TRUST_PROXY=1 \
    MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/apps/server/package.json ./apps/server/
COPY --from=build /src/apps/server/dist ./apps/server/dist
COPY --from=build /src/apps/web/dist ./apps/web/dist
COPY --from=build /src/apps/console/dist ./apps/console/dist
RUN mkdir -p /app/var && chown node:node /app/var
USER node
EXPOSE 8080
# Liveness only (the process answers); balancers take readiness from GET /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains: /readyz turns 503, DRAIN_DELAY_MS later the listener closes and in-flight requests finish.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "--expose-gc", "--enable-source-maps", "apps/server/dist/main.js"]
