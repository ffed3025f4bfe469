#!/usr/bin/env bash
# The README's route to Python (its "From Python" block), run as written in a fresh home
# directory: a venv, pip install from the checkout (reusing make's build/), the import, the
# notebook's kernel registered; then docs/tutorial.ipynb executed through that kernel — what
# `jupyter notebook` would run. Skipped (77) unless this is make's build/ (another build, such
# as the sanitizers', would make pip build the library again).
set -euo pipefail
root=$1 build=$2
[ "$(realpath "$build")" = "$(realpath "$root/build")" ] || { echo "python_route: not make's build/, skipped"; exit 77; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
block=$(awk '/^## From Python/{f=1} f&&/^```sh/{b=1;next} b&&/^```/{exit} b' "$root/README.md")
[ -n "$block" ] || { echo "python_route: no sh block under '## From Python' in README.md"; exit 1; }
cd "$root"
while IFS= read -r line; do
  command=${line%%  #*}  # the line without its comment
  [ -n "${command// }" ] || continue
  case $command in
    make*) continue ;;                                 # the build this test runs in
    *"jupyter notebook"*)                              # the server, interactive: its notebook instead
      [[ $command == *" docs/tutorial.ipynb"* ]] || { echo "python_route: the notebook line changed: $line"; exit 1; }
      command="${command%% -m jupyter*} python/tests/run_notebook.py --installed-kernel docs/tutorial.ipynb"
      echo "+ $command"; HOME=$home bash -c "${command//\~/$home}" ;;
    *) echo "+ $command"; HOME=$home bash -c "${command//\~/$home}" ;;
  esac
done <<< "$block"
# Jupyter's own entry point is there for the notebook line as written.
HOME=$home "$home/.venvs/qg/bin/python" -m jupyter notebook --version >/dev/null
