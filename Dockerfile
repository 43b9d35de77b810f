# One Dockerfile for every deployable part. docker-compose.yml picks the target (api or web) and,
# for a front end, the workspace to build and serve. Node 20: the version the tests run on.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY shared-ui/package.json shared-ui/
COPY shell/package.json shell/
COPY mfe-text-ocr/package.json mfe-text-ocr/
COPY mfe-sheets-addon/package.json mfe-sheets-addon/
COPY mfe-comment-filter/package.json mfe-comment-filter/
COPY mfe-billing/package.json mfe-billing/
# The comment filter's classifier (a library the remote and the extension bundle).
COPY sentiment/package.json sentiment/
# The Google Sheets add-on runs on Google's Apps Script, not here: only its workspace's manifest,
# which `npm ci` needs for the lockfile.
COPY clients/sheets-apps-script/package.json clients/sheets-apps-script/
# The comment filter browser extension is published to the Chrome Web Store, not served: likewise.
COPY clients/comment-filter-extension/package.json clients/comment-filter-extension/
RUN npm ci --no-audit --no-fund

# A front end's build (the web target).
FROM deps AS build
ARG WORKSPACE
COPY . .
# contracts/dist first: Node code (the vite configs) imports the registry and wire types.
RUN npm run build -w contracts && npm run build -w ${WORKSPACE}

# The API's dependencies without the dev ones: no test tools, no TypeScript, no front end's.
FROM node:20-bookworm-slim AS api-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY api/package.json api/
RUN npm ci --omit=dev --workspace api --workspace contracts --no-audit --no-fund

# The API's production build (api/tsconfig.production.json): without the local payment sandboxes
# (api/src/dev-payments) and sign-in provider (api/src/dev-idp), which only `npm start` and the
# tests run, from the development build.
FROM deps AS api-build
COPY . .
RUN npm run build:production -w api

# The API image carries only those: the production dependencies and the production build.
FROM node:20-bookworm-slim AS api
# The Debian packages `npm start` installs: Tesseract and its language models, poppler,
# GraphicsMagick, Ghostscript, Apertium (one list, scripts/debian-packages.txt).
COPY scripts/debian-packages.txt /tmp/debian-packages.txt
RUN apt-get update \
  && apt-get install -y --no-install-recommends $(grep -v '^#' /tmp/debian-packages.txt) \
  && rm -rf /var/lib/apt/lists/* /tmp/debian-packages.txt
WORKDIR /app
COPY --from=api-deps /app /app
COPY --from=api-build /app/contracts/dist contracts/dist
COPY --from=api-build /app/api/dist api/dist
COPY api/workers api/workers
ENV NODE_ENV=production API_HOST=0.0.0.0 API_PORT=4000
EXPOSE 4000
USER node
CMD ["node", "api/dist/main.js"]

FROM node:20-bookworm-slim AS web
# A front end (the shell or one remote) served by the production web server: its static build,
# /runtime-config.json and the CSP for the shell, security headers, caching, compression.
ARG WORKSPACE
ENV WORKSPACE=${WORKSPACE} NODE_ENV=production WEB_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
USER node
CMD ["sh", "-c", "exec node /app/scripts/web-server.mjs \"$WORKSPACE\""]
