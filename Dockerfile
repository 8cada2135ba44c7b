# Framecraft production image (docs/deployment.md). Multi-stage: build with the dev tools, run with
# production dependencies only, as a non-root user. Not built on the project's CI machines (no
# Docker daemon there); the steps are the ones `npm start` and the CI run use.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/migrations server/migrations
COPY --from=build /app/server/assets server/assets
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/scripts/server-node-flags.mjs /app/scripts/start.mjs scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# start.mjs: the V8 flags and environment of scripts/server-node-flags.mjs, then the bundle.
CMD ["node", "scripts/start.mjs"]
