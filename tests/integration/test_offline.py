"""The offline guarantee: index, search and ask with no network at all.

Each command runs as a real process inside a network namespace of its own (`unshare -n`,
or `unshare -rn` without root), which has no interface but loopback, so any attempt to
reach a model hub or send telemetry fails. The environment carries no HF_HUB_OFFLINE:
asknotes must set it itself."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_NOTES

NO_NETWORK_PROBE = (
    "import socket\n"
    "try:\n"
    "    socket.create_connection(('1.1.1.1', 443), timeout=3)\n"
    "except OSError:\n"
    "    raise SystemExit(0)\n"
    "raise SystemExit('the namespace has a network')\n"
)


def without_network() -> list[str]:
    """The command prefix that runs a process with no network, or skip saying why."""
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is not installed")
    reasons = []
    for prefix in (["unshare", "-n", "--"], ["unshare", "-rn", "--"]):
        probe = subprocess.run(
            [*prefix, sys.executable, "-c", NO_NETWORK_PROBE], capture_output=True, text=True
        )
        if probe.returncode == 0:
            return prefix
        reasons.append(f"{' '.join(prefix[:2])}: {probe.stderr.strip().splitlines()[-1:]}")
    pytest.skip("cannot create a network namespace here (" + "; ".join(reasons) + ")")


def test_index_search_and_ask_with_no_network(tmp_path: Path, shared_model_path: Path) -> None:
    prefix = without_network()
    notes = tmp_path / "notes"
    shutil.copytree(SAMPLE_NOTES, notes)
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("HF_", "TRANSFORMERS_", "ASKNOTES_", "ANONYMIZED"))
    }
    env.update(
        ASKNOTES_MODEL_PATH=str(shared_model_path),
        ASKNOTES_CONFIG=os.devnull,
        HOME=str(tmp_path / "home"),  # no cache of a previous run to lean on
    )

    def asknotes(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*prefix, sys.executable, "-m", "app", "--data-dir", str(tmp_path / "data"), *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=900,
        )

    indexed = asknotes("index", str(notes))
    assert indexed.returncode == 0, indexed.stderr
    assert "20 added" in indexed.stdout
    found = asknotes("search", "What does ERR-4012 mean?", "--json")
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["passages"][0]["file"] == "work/payments-api-errors.md"
    answered = asknotes("ask", "What port does Home Assistant use?", "--json")
    assert answered.returncode == 0, answered.stderr
    assert "8123" in json.loads(answered.stdout)["text"]
