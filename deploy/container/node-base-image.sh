#!/bin/sh
# Builds a stand-in for the official node:*-bookworm-slim image, for machines that cannot pull it:
# Debian bookworm from Debian's mirror (mmdebstrap, minbase: apt and the required packages, without
# documentation, as the slim images are) plus this machine's Node (its binary, headers and npm, at the
# same prefix, so that the npm configuration lent to the build still applies).
#   deploy/container/node-base-image.sh localhost/node-base:bookworm
# Needs root (mmdebstrap's root mode, podman), mmdebstrap and podman. About 2 minutes.
set -eu
image=${1:?usage: node-base-image.sh IMAGE-NAME}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node=$(readlink -f "$(command -v node)")
prefix=$(dirname "$(dirname "$node")")
[ -d "$prefix/include/node" ] && [ -d "$prefix/lib/node_modules/npm" ] ||
  { echo "node-base-image: $prefix lacks include/node or lib/node_modules/npm" >&2; exit 1; }

# The customize hook runs on this machine with the new root as "$1": Node goes in at its own prefix.
# sh has no pipefail: a failed mmdebstrap leaves its status in a file, and the image podman made of
# what came through is removed.
failed=$(mktemp)
trap 'rm -f "$failed"' EXIT
trap 'exit 143' INT TERM
{ mmdebstrap --variant=minbase --quiet --format=tar \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="mkdir -p \"\$1$prefix/bin\" \"\$1$prefix/lib/node_modules\" \"\$1$prefix/include\"" \
  --customize-hook="cp -a '$node' \"\$1$prefix/bin/node\"" \
  --customize-hook="cp -a '$prefix/include/node' \"\$1$prefix/include/\"" \
  --customize-hook="cp -a '$prefix/lib/node_modules/npm' \"\$1$prefix/lib/node_modules/\"" \
  --customize-hook="ln -sf ../lib/node_modules/npm/bin/npm-cli.js \"\$1$prefix/bin/npm\"" \
  --customize-hook="ln -sf ../lib/node_modules/npm/bin/npx-cli.js \"\$1$prefix/bin/npx\"" \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
  bookworm - "$mirror" || echo "$?" >"$failed"; } |
  podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$image"
if [ -s "$failed" ]; then
  podman rmi --force "$image" >/dev/null 2>&1 || true
  echo "node-base-image: mmdebstrap failed (status $(cat "$failed")): $image not built" >&2
  exit 1
fi
