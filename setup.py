# Builds queengames._core with the project's CMake build and packages python/queengames around
# it. The CMake build directory is $QG_BUILD_DIR (default build/pip/cmake: the library without
# tests or benchmarks, configured for the installing interpreter, leaving `make`'s build alone);
# $QG_CMAKE_ARGS adds configure options, $QG_JOBS sets the build's parallelism.
import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = ROOT / os.environ.get("QG_BUILD_DIR", "build/pip/cmake")
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DQG_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"]
        if not (build / "CMakeCache.txt").exists():  # a new build dir: the library and module only
            configure += ["-DCMAKE_BUILD_TYPE=Release", "-DQG_BUILD_TESTS=OFF", "-DQG_BUILD_BENCH=OFF"]
        subprocess.run(configure + shlex.split(os.environ.get("QG_CMAKE_ARGS", "")), check=True)
        jobs = os.environ.get("QG_JOBS", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "queengames_core", "-j", jobs], check=True)
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
