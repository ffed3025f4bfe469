# Builds queengames._core with the project's CMake build and packages python/queengames around
# it. The CMake build directory is $QG_BUILD_DIR; by default `make`'s build/ when it holds a
# module built for this interpreter (a venv's base interpreter counts: the module's ABI is its),
# so that installing after `make` takes seconds, else build/pip/cmake (the library without tests
# or benchmarks, configured for the installing interpreter, leaving `make`'s build alone: minutes
# on two cores, its progress on the terminal). $QG_CMAKE_ARGS adds configure options, $QG_JOBS
# sets the build's parallelism.
import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def make_build_for_this_interpreter():
    """make's build/ when its module was built for this interpreter (or this venv's base)."""
    cache = ROOT / "build" / "CMakeCache.txt"
    if "QG_BUILD_DIR" in os.environ or not cache.exists():
        return None
    configured = next((line.split("=", 1)[1].strip() for line in cache.read_text().splitlines()
                       if line.startswith(("Python3_EXECUTABLE:", "_Python3_EXECUTABLE:"))), "")
    mine = {os.path.realpath(p) for p in (sys.executable, getattr(sys, "_base_executable", sys.executable))}
    built = list((ROOT / "build" / "python" / "queengames").glob("_core*.so"))
    return ROOT / "build" if configured and os.path.realpath(configured) in mine and built else None


def progress(message):
    """A line on the terminal even when pip hides the build's output (without -v)."""
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(f"queengames: {message}\n")
    except OSError:
        print(f"queengames: {message}", file=sys.stderr)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        jobs = os.environ.get("QG_JOBS", str(os.cpu_count() or 1))
        build = make_build_for_this_interpreter()
        if build is not None:  # up to date already, or only the module to relink
            progress(f"reusing make's build in {build}")
            subprocess.run(["cmake", "--build", str(build), "--target", "queengames_core", "-j", jobs], check=True)
        else:
            build = ROOT / os.environ.get("QG_BUILD_DIR", "build/pip/cmake")
            configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DQG_PYTHON=ON",
                         f"-DPython3_EXECUTABLE={sys.executable}"]
            if not (build / "CMakeCache.txt").exists():  # a new build dir: the library and module only
                configure += ["-DCMAKE_BUILD_TYPE=Release", "-DQG_BUILD_TESTS=OFF", "-DQG_BUILD_BENCH=OFF"]
            subprocess.run(configure + shlex.split(os.environ.get("QG_CMAKE_ARGS", "")), check=True,
                           stdout=subprocess.DEVNULL)
            progress(f"building the library and the module in {build} (minutes the first time; `make` first "
                     "makes this step a relink)")
            # The build's own progress ([ 42%] …) on the terminal, which pip does not show.
            try:
                tty = open("/dev/tty", "w")
            except OSError:
                tty = None
            with tty or open(os.devnull, "w") as out:
                subprocess.run(["cmake", "--build", str(build), "--target", "queengames_core", "-j", jobs], check=True,
                               stdout=out if tty else None)
        built = sorted((build / "python" / "queengames").glob("_core*.so"))
        if not built:
            sys.exit("queengames: CMake built no Python module (needs python3-dev, python3-numpy, pybind11-dev)")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[-1], target)


setup(
    packages=["queengames"],
    package_dir={"": "python"},
    package_data={"queengames": ["_core.pyi", "py.typed"]},
    ext_modules=[Extension("queengames._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build/pip"}},
)
