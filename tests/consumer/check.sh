#!/usr/bin/env bash
# Installs the built tree into BUILD/consumer/prefix and builds tests/consumer/main.cpp against
# it twice — with find_package(queengames) and with pkg-config — and checks both programs'
# output. Usage: check.sh BUILD_DIR CXX (ctest's test "consumer" runs it).
set -euo pipefail
build=$(cd "$1" && pwd) cxx=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$build/consumer
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

expected="wythoff (0,0) (1,2) (3,5) (4,7) (6,10) (8,13)
floor_n_phi 1 3 4 6 8 9 11 12 14 16
A000201 1 3 4 6 8 9 11 12 14 16"

check() {  # check ROUTE PROGRAM
  local got
  got=$("$2")
  if [ "$got" != "$expected" ]; then
    printf 'consumer via %s printed\n%s\nexpected\n%s\n' "$1" "$got" "$expected" >&2
    exit 1
  fi
  echo "consumer via $1: ok"
}

# find_package, the library found through CMAKE_PREFIX_PATH.
cmake -S "$here" -B "$work/cmake" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cmake" >/dev/null
check find_package "$work/cmake/consumer"

# pkg-config, the .pc file found through PKG_CONFIG_PATH.
pcdir=$(dirname "$(find "$prefix" -name queengames.pc)")
# shellcheck disable=SC2046  # pkg-config's flags are meant to split into words
"$cxx" -std=c++20 -O1 "$here/main.cpp" -o "$work/consumer-pc" \
  $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs queengames)
check pkg-config "$work/consumer-pc"

# The CLI is installed too.
"$prefix/bin/queengames" --version >/dev/null
echo "installed CLI: ok"
