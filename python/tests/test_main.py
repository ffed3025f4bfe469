# `python -m queengames ARGS` runs the CLI (queengames/__main__.py; in the build tree
# queengames/bin/queengames links to build/queengames, in a wheel it is the program itself).
import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "queengames", *args], capture_output=True, text=True)


def test_python_m_queengames_prints_the_cli_output():
    r = run("bfile", "A000201", "5")  # lower Wythoff: 1, 3, 4, 6, 8
    assert (r.returncode, r.stdout, r.stderr) == (0, "1 1\n2 3\n3 4\n4 6\n5 8\n", "")


def test_python_m_queengames_exits_with_the_cli_status():
    r = run("bfile", "A000201", "0")
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.startswith("queengames: 0 is out of range")


def test_python_m_queengames_shows_the_cli_name():
    r = run("--help")
    assert r.returncode == 0
    assert "Usage: queengames [OPTIONS] SUBCOMMAND" in r.stdout
