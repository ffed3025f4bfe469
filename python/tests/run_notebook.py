"""Executes a notebook top to bottom (docs/tutorial.ipynb in ctest's `tutorial`): any cell that
raises fails the run, with the cell and its error on stderr.

The kernel is this interpreter (a kernelspec written to a temporary JUPYTER_PATH), so that the
notebook sees the same queengames module, numpy and matplotlib as the caller — not whatever
`python3` comes first on PATH; with --installed-kernel it is the kernel named in the notebook
("queengames"), as registered by the README's route. The notebook runs in a temporary directory: files it writes
do not land in the checkout.
"""

import json
import os
import pathlib
import sys
import tempfile

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main(path, installed_kernel=False):
    notebook = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as tmp:
        if not installed_kernel:  # else the kernel "queengames" that the README's route registers
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
        client = NotebookClient(notebook, timeout=120, kernel_name="queengames",
                                resources={"metadata": {"path": tmp}})
        try:
            client.execute()
        except CellExecutionError as error:
            print(error, file=sys.stderr)
            return 1
    cells = sum(1 for c in notebook.cells if c.cell_type == "code")
    print(f"{path}: {cells} code cells executed")
    return 0


if __name__ == "__main__":
    # --installed-kernel: run through the kernel "queengames" found where Jupyter looks (the
    # README's route registers it with `ipykernel install --user`), not a temporary one.
    args = [a for a in sys.argv[1:] if a != "--installed-kernel"]
    sys.exit(main(args[0], installed_kernel="--installed-kernel" in sys.argv[1:]))
