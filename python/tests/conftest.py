# The CLI the tests compare with: $QG_CLI (set by ctest), else build/queengames of the checkout.
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("QG_CLI", str(ROOT / "build" / "queengames"))
    if not os.path.exists(path):
        pytest.skip(f"no CLI at {path} (build the queengames target or set QG_CLI)")

    def run(*args, check=True):
        return subprocess.run([path, "--quiet", *map(str, args)], capture_output=True, text=True, check=check)

    return run
