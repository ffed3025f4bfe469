#!/usr/bin/python3
"""Rewrites docs/CLAIMS.md's table of claims from the registry.

    scripts/claims_table.py [build/queengames]

The section between the markers below is replaced by `queengames check --list --markdown`;
the test CliCheck.ClaimsTableIsCurrent fails when the file and the registry disagree.
"""
import pathlib
import subprocess
import sys

BEGIN = "<!-- claims table: generated, do not edit (scripts/claims_table.py) -->"
END = "<!-- end of the claims table -->"

root = pathlib.Path(__file__).resolve().parent.parent
cli = sys.argv[1] if len(sys.argv) > 1 else str(root / "build" / "queengames")
table = subprocess.run([cli, "check", "--list", "--markdown"], check=True, capture_output=True, text=True).stdout
doc = root / "docs" / "CLAIMS.md"
text = doc.read_text()
start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
doc.write_text(text[:start] + "\n" + table + text[end:])
