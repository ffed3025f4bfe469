#!/usr/bin/env bash
# Installs the Debian packages queengames builds with, only those that are missing.
set -euo pipefail
packages=(cmake make g++ pkg-config libcli11-dev libfmt-dev libpng-dev libcairo2-dev fonts-dejavu-core libgmp-dev nlohmann-json3-dev
          libgtest-dev libbenchmark-dev clang libclang-rt-dev clang-format-14
          python3-dev python3-numpy python3-pybind11 pybind11-dev python3-pytest python3-matplotlib
          python3-venv
          python3-nbclient python3-nbformat python3-ipykernel libopenmpi-dev openmpi-bin
          jupyter-notebook)
# The Python route (README "From Python", python/tests/python_route.sh): python3-venv makes the
# empty venv (with its pip); pip then fetches scikit-build-core, pybind11, numpy, matplotlib,
# ipykernel and mypy from PyPI (network needed); Debian's Jupyter runs the notebook.
# queengames serve (cpp-httplib, Leaflet) and its tests in a real browser (tests/browser/).
packages+=(libcpp-httplib-dev libjs-leaflet chromium chromium-driver python3-selenium)
# Optional group: Walnut built from a checkout of its sources (scripts/build-walnut.sh), for
# `make walnut-conformance` and bench/walnut_vs_queengames.py; not needed by make test.
if [ "${1:-}" = "--walnut" ]; then
  packages+=(openjdk-17-jdk-headless libfastutil-java libautomaton-java maven)  # maven: Walnut 7+'s libraries
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "queengames: need root (or sudo) to install ${missing[*]}" >&2; exit 2; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
