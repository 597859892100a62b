"""Builds the extension kifu._kifu by running CMake on the repository this folder belongs to.

The build configures the repository with the shared library (-DBUILD_SHARED_LIBS=ON, no tests,
no benchmarks), builds only the target kifu_python, and puts the extension and libkifu.so
beside the package's Python files (the extension finds the library through RPATH $ORIGIN).

Environment:
  KIFU_SOURCE_DIR   the repository (default: the parent of this folder)
  KIFU_BUILD_DIR    the CMake build folder to use (default: build-python in the repository,
                    beside the usual build/: at the same depth, ccache (CCACHE_BASEDIR set
                    to the repository) reuses that build's objects); kept between builds,
                    so a second install only relinks
  KIFU_BUILD_JOBS   parallel compile jobs (default: the number of cores)
  CMAKE             the cmake program (default: cmake)
"""

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def source_dir():
    d = os.environ.get("KIFU_SOURCE_DIR") or os.path.dirname(HERE)
    if not os.path.isfile(os.path.join(d, "runtime", "include", "kifu", "kifu.hpp")):
        sys.exit(f"kifu: the repository is not at {d}: set KIFU_SOURCE_DIR to the folder holding CMakeLists.txt and runtime/")
    return d


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        src = source_dir()
        build = os.environ.get("KIFU_BUILD_DIR") or os.path.join(src, "build-python")
        os.makedirs(build, exist_ok=True)
        cmake = os.environ.get("CMAKE", "cmake")
        env = dict(os.environ)
        # ccache keys on paths relative to the source folder: another build of the same
        # source reuses its objects.
        env.setdefault("CCACHE_BASEDIR", src)
        subprocess.check_call([
            cmake, "-S", src, "-B", build,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DBUILD_SHARED_LIBS=ON",
            "-DKIFU_BUILD_TESTS=OFF",
            "-DKIFU_BUILD_BENCH=OFF",
            "-DKIFU_PYTHON=ON",
            # generated/ is committed: kifu-pegc is not needed.
            "-DKIFU_REGENERATE=OFF",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ], env=env)
        jobs = os.environ.get("KIFU_BUILD_JOBS") or str(os.cpu_count() or 1)
        subprocess.check_call([cmake, "--build", build, "--target", "kifu_python", "-j", jobs], env=env)
        package = os.path.join(build, "python", "kifu")
        built = glob.glob(os.path.join(package, "_kifu*.so"))
        if not built:
            sys.exit(f"kifu: the build made no extension in {package}")
        out = os.path.dirname(self.get_ext_fullpath(ext.name))
        os.makedirs(out, exist_ok=True)
        shutil.copy2(built[0], self.get_ext_fullpath(ext.name))
        # libkifu.so.<major>.<minor>, the name the extension asks for (its SONAME), beside it.
        for lib in glob.glob(os.path.join(build, "runtime", "libkifu.so.*")):
            name = os.path.basename(lib)
            if name.count(".") == 3:
                shutil.copy2(os.path.realpath(lib), os.path.join(out, name))

setup(ext_modules=[CMakeExtension("kifu._kifu")], cmdclass={"build_ext": CMakeBuild})
