"""`python -m queengames ARGS` (and the `queengames` script a wheel installs): the CLI, `queengames ARGS`.

The CLI is the C++ program itself, shipped in the package as queengames/bin/queengames (in the
build tree, a link to build/queengames): this process becomes it (exec), so its output, its
exit status and Ctrl-C are the CLI's own.
"""

import os
import sys
from pathlib import Path


def main() -> None:
    cli = Path(__file__).resolve().parent / "bin" / "queengames"
    try:
        os.execv(cli, ["queengames", *sys.argv[1:]])
    except OSError as error:
        print(f"queengames: cannot run the CLI {cli}: {error.strerror}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
