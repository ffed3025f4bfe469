#!/usr/bin/env bash
# Builds Walnut (Mousavi, Shallit et al.) from a checkout of its public repository with plain javac
# and Debian's jars — no Maven Central, no Gradle — for the conformance runner and the timing
# harness (tests/walnut_conformance/, bench/walnut_vs_queengames.py). Nothing of Walnut is copied
# into this repository: the checkout is the user's.
#
#   scripts/build-walnut.sh WALNUT_CHECKOUT [OUT_DIR]
#
# OUT_DIR (default: build/walnut) receives classes/ (Walnut's and our conformance driver's) and a
# file classpath; run Walnut as
#   java -cp "$(cat OUT_DIR/classpath)" Main.Prover
# from a copy of the checkout's folder tree (Walnut reads and writes "Automata Library/", "Result/"
# … relative to the working directory). Needs openjdk-17-jdk-headless, libfastutil-java and
# libautomaton-java: `bash scripts/install-deps.sh --walnut` installs them.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/build-walnut.sh WALNUT_CHECKOUT [OUT_DIR]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "$1" && pwd)
out=$(realpath -m "${2:-$here/build/walnut}")  # absolute: Walnut runs in other folders
jars=/usr/share/java/fastutil.jar:/usr/share/java/automaton.jar
for f in /usr/share/java/fastutil.jar /usr/share/java/automaton.jar; do
  [ -f "$f" ] || { echo "queengames: $f is missing: run 'bash scripts/install-deps.sh --walnut'" >&2; exit 2; }
done
command -v javac >/dev/null || { echo "queengames: javac is missing: run 'bash scripts/install-deps.sh --walnut'" >&2; exit 2; }
[ -d "$src/src/main/java/Main" ] || { echo "queengames: $src is not a Walnut checkout (no src/main/java/Main)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d "$out/classes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Walnut's sources, then the driver that runs its integration cases one by one (package Main, to
# reach the fields of its TestCase).
find "$src/src/main/java" -name '*.java' > "$tmp/sources"
echo "$here/tests/walnut_conformance/WalnutDriver.java" >> "$tmp/sources"
javac -nowarn -encoding UTF-8 -d "$tmp" -cp "$jars" @"$tmp/sources" 2> "$tmp/javac.log" || { cat "$tmp/javac.log" >&2; exit 2; }
rm -f "$tmp/sources" "$tmp/javac.log"
rm -rf "$out/classes"
mv "$tmp" "$out/classes"
trap - EXIT
echo "$out/classes:$jars" > "$out/classpath"
git -C "$src" rev-parse HEAD > "$out/commit" 2>/dev/null || echo unknown > "$out/commit"
echo "Walnut built in $out/classes (classpath in $out/classpath)"
