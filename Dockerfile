# syntax=docker/dockerfile:1
# The bot's production image: compiled once with the dev dependencies (build), run with
# the production dependencies only (deps) as the unprivileged `node` user.
#   docker build -t chat-booking-assistant .
#   docker run --init --env-file .env -p 3000:3000 chat-booking-assistant
# `--init` (compose: `init: true`) puts tini in front as PID 1: it forwards SIGTERM to
# node and reaps. Without it node is PID 1 itself, which works as well, since the bot
# handles SIGTERM and SIGINT (the kernel gives PID 1 no default action for them).
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The lockfile's override points msgpackr-extract at vendor/: npm ci needs it.
COPY package.json package-lock.json ./
COPY vendor ./vendor
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY flows ./flows
COPY locales ./locales
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY vendor ./vendor
# No production dependency has an install script; none may run here.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/vendor ./vendor
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
# PORT (webhooks, payment returns, /healthz) and METRICS_PORT (/metrics, /health: give
# METRICS_HOST=0.0.0.0 to reach it from outside the container, never publicly).
EXPOSE 3000 9464
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
