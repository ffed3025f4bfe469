#!/usr/bin/env bash
# The README's route to Python (its "From Python" block), run as written in a fresh home
# directory: an empty venv, `pip install -v .` (a wheel built by scikit-build-core, its build
# requirements and numpy from PyPI), the import, `python -m queengames`, matplotlib, ipykernel and
# anywidget from PyPI, the notebooks' kernel registered; then the five notebooks of docs/notebooks/
# executed through that kernel (what `jupyter notebook docs/notebooks` would run) by nbclient from
# PyPI in the same venv, the CLI's answers and exit status through `python -m queengames`, mypy on
# the installed package and its stubs, and the widgets' tests (python/tests/test_widgets.py). The
# wheel's build takes make's library and CLI from build/ (QG_REUSE_BUILD, python/CMakeLists.txt)
# instead of compiling them a second time: only the module compiles, against PyPI's pybind11.
# Skipped (77) unless this is make's build/. Arguments: the checkout and the build directory.
set -euo pipefail
root=$1 build=$2
[ "$(realpath "$build")" = "$(realpath "$root/build")" ] || { echo "python_route: not make's build/, skipped"; exit 77; }
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export SKBUILD_CMAKE_DEFINE="QG_REUSE_BUILD=$(realpath "$build")"
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2} MYPY_CACHE_DIR=$home/.mypy_cache
block=$(awk '/^## From Python/{f=1} f&&/^```sh/{b=1;next} b&&/^```/{exit} b' "$root/README.md")
[ -n "$block" ] || { echo "python_route: no sh block under '## From Python' in README.md"; exit 1; }
cd "$root"
venv=$home/.venvs/qg
while IFS= read -r line; do
  command=${line%%  #*}  # the line without its comment
  [ -n "${command// }" ] || continue
  case $command in
    make*) continue ;;                                 # the build this test runs in
    *"jupyter notebook"*)                              # the server, interactive: its notebooks instead
      [[ $command == "jupyter notebook docs/notebooks"* ]] || { echo "python_route: the notebook line changed: $line"; exit 1; }
      # Each notebook asserts its figures' values and its proofs' truth; 120 s to a cell
      # (they take a few seconds: docs/PYTHON.md, "Notebooks").
      command="$venv/bin/pip install -q nbclient && $venv/bin/python python/tests/run_notebook.py --installed-kernel --timeout 120 docs/notebooks/*.ipynb"
      echo "+ $command"; HOME=$home bash -c "$command" ;;
    *) echo "+ $command"; HOME=$home bash -c "${command//\~/$home}" ;;
  esac
done <<< "$block"
# Jupyter's own entry point is there for the notebook line as written.
HOME=$home jupyter notebook --version >/dev/null
fail() { echo "python_route: $*"; exit 1; }
# The package runs the CLI it ships (queengames/bin/queengames), with its output and exit status.
out=$("$venv/bin/python" -m queengames bfile A000201 5)
[ "$out" = $'1 1\n2 3\n3 4\n4 6\n5 8' ] || fail "python -m queengames bfile A000201 5 printed: $out"
status=0
err=$("$venv/bin/python" -m queengames bfile A000201 0 2>&1 >/dev/null) || status=$?
[ "$status" = 2 ] && [[ $err == "queengames: 0 is out of range"* ]] || fail "bfile A000201 0: exit $status, '$err'"
[ "$("$venv/bin/queengames" --version)" = "queengames 0.1.0" ] || fail "the queengames script"
cli=$("$venv/bin/python" -c 'import pathlib, queengames; print(pathlib.Path(queengames.__file__).parent / "bin" / "queengames")')
[ -x "$cli" ] && [ ! -L "$cli" ] || fail "no CLI in the installed package: $cli"
# The installed package and its stubs: mypy --strict (pyproject.toml's [tool.mypy]); stubtest
# compares _core.pyi with the compiled module.
"$venv/bin/pip" install -q mypy
echo "+ mypy -p queengames; stubtest queengames._core"
"$venv/bin/python" -m mypy -p queengames
"$venv/bin/python" -m mypy.stubtest queengames._core --allowlist python/tests/stubtest_allowlist.txt
# The widgets (queengames.widgets, anywidget from the README's line) on the installed package: from
# python/tests the checkout's python/ is not on the path, so `import queengames` is the wheel's.
"$venv/bin/pip" install -q pytest
echo "+ pytest python/tests/test_widgets.py"
"$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests/test_widgets.py
