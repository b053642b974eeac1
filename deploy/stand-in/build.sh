#!/usr/bin/env bash
# Builds the three base images deploy/compose.yaml and deploy/Dockerfile name — node:22-bookworm-slim,
# postgres:15, haproxy:2.6 — from Debian's packages and the npm registry, for a machine that cannot pull
# from Docker Hub (an isolated network, a registry mirror holding only Debian and npm). They stand in for
# the official images under the same names, so the Compose file runs unchanged. Where Docker Hub answers,
# use the official images instead: this script is not needed.
#
#   sudo deploy/stand-in/build.sh            # needs a running Docker daemon, debootstrap, npm; as root
#   FORCE=1 sudo deploy/stand-in/build.sh    # replace images already present under those names
#
# A network that intercepts TLS: NODE_EXTRA_CA_CERTS (a PEM file) is copied into the node image so
# `npm ci` in deploy/Dockerfile trusts the same authorities as this machine.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

have() { docker image inspect "$1" >/dev/null 2>&1; }
wanted() { [ "${FORCE:-0}" = 1 ] || ! have "$1"; }

if wanted paie-stand-in/debian:bookworm; then
  echo "debootstrap bookworm from $mirror"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" || {
    tail -n 20 "$work/debootstrap.log"
    exit 1
  }
  tar -C "$work/rootfs" -c . | docker import - paie-stand-in/debian:bookworm
fi

if wanted node:22-bookworm-slim; then
  ctx="$work/node"
  mkdir -p "$ctx"
  npm install --no-save --no-audit --no-fund --prefix "$work/node22" node@22 >/dev/null
  cp "$work/node22/node_modules/node/bin/node" "$ctx/node"
  (cd "$work" && npm pack --silent npm@10 >/dev/null && mkdir -p npm && tar -xzf npm-*.tgz -C npm)
  mv "$work/npm/package" "$ctx/npm"
  # The machine's extra authorities, else its system bundle (public roots Node already trusts: harmless).
  ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
  [ -s "$ca" ] || { echo "no CA bundle at $ca: set NODE_EXTRA_CA_CERTS to a PEM file"; exit 1; }
  cp "$ca" "$ctx/ca.crt"
  docker build -q -t node:22-bookworm-slim -f "$here/node.Dockerfile" "$ctx"
fi

if wanted postgres:15; then
  docker build -q -t postgres:15 -f "$here/postgres.Dockerfile" "$here"
fi

if wanted haproxy:2.6; then
  docker build -q -t haproxy:2.6 -f "$here/haproxy.Dockerfile" "$here"
fi

docker images --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E '^(node:22-bookworm-slim|postgres:15|haproxy:2.6|paie-stand-in/debian:bookworm) '
