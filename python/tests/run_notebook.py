"""Executes notebooks top to bottom (docs/notebooks/*.ipynb in ctest's `notebooks` and in
python_route.sh): any cell that raises, or runs longer than the per-cell timeout, fails the run,
with the notebook, the cell and its error on stderr.

The kernel is this interpreter (a kernelspec written to a temporary JUPYTER_PATH), so that the
notebook sees the same queengames module, numpy and matplotlib as the caller — not whatever
`python3` comes first on PATH; with --installed-kernel it is the kernel named in the notebook
("queengames"), as registered by the README's route. Each notebook runs in a fresh kernel in a
temporary directory: files it writes do not land in the checkout.

    run_notebook.py [--installed-kernel] [--timeout SECONDS] NOTEBOOK...
"""

import argparse
import json
import os
import pathlib
import sys
import tempfile
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError


def run(path, tmp, timeout):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=timeout, kernel_name="queengames",
                            resources={"metadata": {"path": tmp}})
    start = time.monotonic()
    try:
        client.execute()
    except (CellExecutionError, CellTimeoutError) as error:
        print(f"{path}: {error}", file=sys.stderr)
        return False
    cells = sum(1 for c in notebook.cells if c.cell_type == "code")
    print(f"{path}: {cells} code cells executed in {time.monotonic() - start:.1f} s")
    return True


def main():
    parser = argparse.ArgumentParser(description="Executes notebooks top to bottom.")
    # --installed-kernel: run through the kernel "queengames" found where Jupyter looks (the
    # README's route registers it with `ipykernel install --user`), not a temporary one.
    parser.add_argument("--installed-kernel", action="store_true")
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed to each cell")
    parser.add_argument("notebooks", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if not args.installed_kernel:
            spec = pathlib.Path(tmp, "kernels", "queengames")
            spec.mkdir(parents=True)
            spec.joinpath("kernel.json").write_text(json.dumps({
                "argv": [sys.executable, "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "queengames", "language": "python"}))
            os.environ["JUPYTER_PATH"] = tmp
        # The kernel starts in the temporary directory: PYTHONPATH's relative entries (e.g.
        # build/python) are made absolute first.
        entries = os.environ.get("PYTHONPATH", "").split(os.pathsep)
        os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(e) for e in entries if e)
        failed = [path for path in args.notebooks if not run(path, tmp, args.timeout)]
    if failed:
        print(f"run_notebook: {len(failed)} of {len(args.notebooks)} failed: {' '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
