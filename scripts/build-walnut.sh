#!/usr/bin/env bash
# Builds Walnut (Mousavi, Shallit et al.) from a checkout of its public repository with plain javac,
# for the conformance runner and the timing harness (tests/walnut_conformance/,
# bench/walnut_vs_queengames.py). Its libraries: for the trees before Walnut 7 (no pom.xml),
# Debian's jars; for Walnut 7 and 8 (a Maven pom.xml naming AutomataLib, OTF, fastutil, logback),
# the jars Maven resolves from Maven Central into its local repository — Maven only resolves,
# the compilation is the same. Nothing of Walnut is copied into this repository and nothing is
# written into the checkout: the checkout is the user's.
#
#   scripts/build-walnut.sh WALNUT_CHECKOUT [OUT_DIR]
#   OTF=OTF_CHECKOUT scripts/build-walnut.sh WALNUT_7_OR_8_CHECKOUT [OUT_DIR]
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
command -v javac >/dev/null || { echo "queengames: javac is missing: run 'bash scripts/install-deps.sh --walnut'" >&2; exit 2; }
[ -d "$src/src/main/java/Main" ] || { echo "queengames: $src is not a Walnut checkout (no src/main/java/Main)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d "$out/classes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
find "$src/src/main/java" -name '*.java' > "$tmp/sources"
if [ -f "$src/pom.xml" ]; then
  # Walnut 7+: its libraries from its pom.xml, resolved by Maven from Maven Central, except OTF
  # (jn1z/OTF), which its pom takes from jitpack.io: compiled here from a checkout, $OTF, with
  # OTF's own library (caffeine) added. Maven works on a copy of the pom in $out.
  command -v mvn >/dev/null || { echo "queengames: mvn is missing (Walnut 7+ names its libraries in pom.xml): run 'bash scripts/install-deps.sh --walnut'" >&2; exit 2; }
  [ -n "${OTF:-}" ] && [ -d "$OTF/src/main/java" ] ||
    { echo "queengames: Walnut 7+ needs OTF (github.com/jn1z/OTF, served by jitpack.io): give a checkout as OTF=PATH" >&2; exit 2; }
  mkdir -p "$out/resolve"
  python3 - "$src/pom.xml" "$out/resolve/pom.xml" <<'PY'
import re, sys
pom = open(sys.argv[1], encoding="utf-8").read()
pom = re.sub(r"\s*<dependency>\s*<groupId>[^<]*</groupId>\s*<artifactId>otf</artifactId>.*?</dependency>", "", pom, flags=re.S)
pom = re.sub(r"\s*<repository>(?:(?!</repository>).)*jitpack.*?</repository>", "", pom, flags=re.S)
otf_needs = ("<dependency><groupId>com.github.ben-manes.caffeine</groupId><artifactId>caffeine</artifactId>"
             "<version>3.2.0</version></dependency>")
at = pom.index("</dependencies>", pom.find("</dependencyManagement>") + 1)  # the project's own list
pom = pom[:at] + otf_needs + "\n    " + pom[at:]
open(sys.argv[2], "w", encoding="utf-8").write(pom)
PY
  mvn -q -B -f "$out/resolve/pom.xml" dependency:build-classpath -DincludeScope=runtime \
    -Dmdep.outputFile="$out/maven-classpath" >"$out/maven.log" 2>&1 ||
    { tail -n 20 "$out/maven.log" >&2; echo "queengames: Maven could not resolve Walnut's libraries (log: $out/maven.log)" >&2; exit 2; }
  jars=$(cat "$out/maven-classpath")
  find "$OTF/src/main/java" -name '*.java' >> "$tmp/sources"
  git -C "$OTF" rev-parse HEAD > "$out/otf-commit" 2>/dev/null || echo unknown > "$out/otf-commit"
else
  # The trees before Walnut 7: Debian's jars, and the driver that runs the integration cases one
  # by one (package Main, to reach the fields of its TestCase; it speaks that API only).
  jars=/usr/share/java/fastutil.jar:/usr/share/java/automaton.jar
  for f in /usr/share/java/fastutil.jar /usr/share/java/automaton.jar; do
    [ -f "$f" ] || { echo "queengames: $f is missing: run 'bash scripts/install-deps.sh --walnut'" >&2; exit 2; }
  done
  echo "$here/tests/walnut_conformance/WalnutDriver.java" >> "$tmp/sources"
fi
javac -nowarn -encoding UTF-8 -d "$tmp" -cp "$jars" @"$tmp/sources" 2> "$tmp/javac.log" || { cat "$tmp/javac.log" >&2; exit 2; }
rm -f "$tmp/sources" "$tmp/javac.log"
rm -rf "$out/classes"
mv "$tmp" "$out/classes"
trap - EXIT
echo "$out/classes:$jars" > "$out/classpath"
git -C "$src" rev-parse HEAD > "$out/commit" 2>/dev/null || echo unknown > "$out/commit"
echo "Walnut built in $out/classes (classpath in $out/classpath)"
