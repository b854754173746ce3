# syntax=docker/dockerfile:1
# Build: dev dependencies, then `npm run build` (dist/web: the UI; dist/server: main.js, its
# chunks, and the migrations beside them).
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies only, the built dist/, a non-root user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
# git: the file scrapers' repositories and the playbooks' gitops action; smbclient: Test
# Connection of smb connections.
RUN apt-get update && apt-get install -y --no-install-recommends git smbclient ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
    && groupadd --gid 10001 console && useradd --uid 10001 --gid 10001 --no-create-home console \
    && mkdir /data && chown 10001:10001 /data
# server/src/version.ts reads /app/package.json (copied above) beside dist/.
COPY --from=build /src/dist ./dist
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8080
CMD ["node", "dist/server/main.js"]
