# Production image: the API on PostgreSQL + Redis (see docker-compose.yml).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
# The API starts through scripts/start.sh, as `npm start` runs it: malloc and V8 settings for a small machine shared
# with the database (docs/benchmarks.md).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts/start.sh ./scripts/start.sh
# Read at run time: the built console and portal, and the embed page's built script and styles.
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
COPY --from=build /app/apps/portal/dist ./apps/portal/dist
COPY --from=build /app/apps/embed/dist ./apps/embed/dist
EXPOSE 3000
CMD ["sh", "-c", "node dist/apps/api/src/platform/cli/cli.js db:migrate && exec sh scripts/start.sh"]
