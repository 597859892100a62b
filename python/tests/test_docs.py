"""The examples of docs/python.md run: its python blocks, in order, as one script in a folder
holding games/ (the repository's sample records and a broken one), with a LocalCluster's
address as the Dask scheduler."""

import os
import re
import shutil
import subprocess
import sys

import pytest


def python_blocks(source_dir):
    with open(os.path.join(source_dir, "docs", "python.md"), encoding="utf-8") as f:
        text = f.read()
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_docs_python_md_has_examples(source_dir):
    blocks = python_blocks(source_dir)
    assert len(blocks) >= 8
    joined = "\n".join(blocks)
    for needed in ("kifu.read(", "kifu.lint(", "kifu.dask", "Client(", "kifu.write("):
        assert needed in joined


def test_docs_python_md_examples_run(source_dir, samples, tmp_path):
    distributed = pytest.importorskip("distributed")
    games = tmp_path / "games"
    shutil.copytree(samples, games)
    (games / "bad.csa").write_bytes(b"PI\n+\n+7776FU\n-1234ZZ\n")
    script = tmp_path / "examples.py"
    script.write_text("\n".join(python_blocks(source_dir)), encoding="utf-8")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        env = dict(os.environ, DASK_SCHEDULER_ADDRESS=cluster.scheduler_address)
        p = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=300)
    assert p.returncode == 0, p.stderr.decode()[-3000:]
    out = p.stdout.decode()
    assert "broken.csa:4:6: error:" in out
    assert (tmp_path / "out.kif").exists() and (tmp_path / "games.kdb").exists()
    assert sorted(os.listdir(tmp_path / "out-jkf"))[0] == "part-00000.jsonl"
