#!/usr/bin/env bash
# Checks that every C++ file of the tree is formatted as .clang-format says (clang-format-14,
# or $CLANG_FORMAT); lists the files that are not and exits 1. With --fix, formats them.
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format-14}
command -v "$clang_format" >/dev/null || { echo "format-check: $clang_format not found" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h')
if [ "${1:-}" = --fix ]; then
  "$clang_format" -i "${files[@]}"
  exit 0
fi
unformatted=()
for f in "${files[@]}"; do
  "$clang_format" --dry-run -Werror "$f" 2>/dev/null || unformatted+=("$f")
done
if [ ${#unformatted[@]} -gt 0 ]; then
  printf 'not formatted (scripts/format-check.sh --fix, or make format):\n' >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "format-check: ${#files[@]} files formatted"
