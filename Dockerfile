# Production image: the API on PostgreSQL + Redis (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
# glibc keeps a malloc arena per thread by default, and raises its trim threshold as the process grows, so memory
# freed after a burst stays with the process; two arenas and fixed thresholds hold the same work in less memory. V8's
# young generation is capped at 8 MB semi-spaces (its default is 16): the API's short-lived garbage fits, and the
# process keeps about 25 MB less. Its collections run on the main thread alone (--single-threaded-gc, below): on a small
# machine shared with the database, V8's helper threads cost more CPU than they save (README "Benchmarks").
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 MALLOC_MMAP_THRESHOLD_=131072 NODE_OPTIONS=--max-semi-space-size=8
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
# Read at run time: the built console and the embed page's script and styles.
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
COPY --from=build /app/apps/api/src/products/motor/embed/page/assets ./apps/api/src/products/motor/embed/page/assets
EXPOSE 3000
CMD ["sh", "-c", "node dist/apps/api/src/platform/cli/cli.js db:migrate && node --single-threaded-gc dist/apps/api/src/main.js"]
