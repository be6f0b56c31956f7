#!/bin/sh
# The build and the server's unit tests on Node 24, beside the Node of this machine (README: the versions
# supported). npm's `node` package supplies the binary; the project is copied to a temporary folder and
# installed there with --engine-strict (native modules such as better-sqlite3 are built for one Node only,
# and an engine that refuses Node 24 fails the install). Usage: sh scripts/node24-check.sh [vitest paths]
# (default: the server's tests of what a Node version changes: the native SQLite module and the PostgreSQL
# client (db/), files, locks and logs (ops/), sockets and crypto (security/), multipart streams (forms/,
# attachments/), mail (mail/), the mail parser's worker thread, and the server started whole (app, main):
# the whole server suite a second time pushed CI past its 30 minutes, and the rest is plain TypeScript the first
# run already checked). Needs the registry, or npm's cache.
#
# In two steps, as CI runs it (decisions 072, 075): NODE24_STEP=prepare NODE24_DIR=<empty folder> copies,
# installs and builds there (about two minutes, mostly compiling SQLite on one core, so CI does it beside
# its own npm install) and writes its exit status to <folder>/prepared; NODE24_STEP=test NODE24_DIR=<that
# folder> waits for that status, prints the prepare step's log (<folder>.log, if any), runs the tests and
# removes the folder. npm test runs this script (npm run test:node24) beside the container test: without
# those variables, it does all three steps.
set -eu
step=${NODE24_STEP:-all}
if [ "$step" = all ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/node24-check.XXXXXX")
else
  work=${NODE24_DIR:?NODE24_DIR names the folder of NODE24_STEP=$step}
fi
if [ "$step" = prepare ]; then
  # Its exit status, for the test step, which may start before it ends (run by npm test, not by its parent).
  trap 'echo $? >"$work/prepared"' EXIT
else
  trap 'rm -rf "$work"' EXIT INT TERM
fi
root=$(git rev-parse --show-toplevel)
if [ "$step" = test ]; then
  # CI (.ci/run) starts the install and build beside its own, long before npm test gets here; wait for them
  # if they are still going, then show what they printed.
  waited=0
  while [ ! -s "$work/prepared" ] && [ "$waited" -lt 1800 ]; do sleep 2; waited=$((waited + 2)); done
  if [ -f "$work.log" ]; then cat "$work.log"; fi
  if [ "$(cat "$work/prepared" 2>/dev/null)" != 0 ]; then
    echo "node24-check: the install or build on Node 24 failed (or never ended)" >&2
    exit 1
  fi
fi
paths=${*:-server/db server/ops server/security server/forms server/attachments server/mail server/conversations/mail-parser.test.ts server/app.test.ts server/main.test.ts}
export NODE24_PATHS="$paths" NODE24_STEP="$step"
if [ "$step" != test ]; then
  cd "$root"
  git ls-files -z --cached --others --exclude-standard | xargs -0 sh -c '
    for file; do [ -e "$file" ] && printf "%s\0" "$file"; done' sh | tar --null -T - -cf - |
    (mkdir "$work/project" "$work/headers" && tar -xf - -C "$work/project")
fi
cd "$work/project"
npx -y -p node@24 -c '
  set -eu
  echo "node24-check: $(node --version), npm $(npm --version), in $PWD"
  started=$(date +%s)
  if [ "$NODE24_STEP" != test ]; then
    # Native modules (better-sqlite3) are compiled against Node 24 headers, from the npm package of this very
    # Node: not those of the Node of this machine, which an npmrc `nodedir` may name, and no download from nodejs.org.
    version=$(node -p process.versions.node)
    target=$(node -p "process.platform + \"-\" + process.arch")
    (cd ../headers && npm pack "node-$target@$version" --silent >/dev/null && tar -xzf "node-$target-$version.tgz")
    export npm_config_nodedir="$PWD/../headers/package"
    npm install --engine-strict --no-audit --no-fund
    echo "node24-check: installed in $(($(date +%s) - started)) s"
    npm run build
    echo "node24-check: built after $(($(date +%s) - started)) s"
  fi
  if [ "$NODE24_STEP" != prepare ]; then
    node_modules/.bin/vitest run --project node $NODE24_PATHS
    echo "node24-check: tested after $(($(date +%s) - started)) s"
  fi
'
