"""A reader that closes the pipe early (``manacheck ... | head -1``) doesn't change the
exit status (issue 15): the status is the answer's, every time, and nothing is printed
on standard error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"


def _status_with_closed_pipe(args: list[str]) -> tuple[int, str]:
    """Run the CLI with its standard output a pipe whose reader is already gone."""
    proc = subprocess.Popen([sys.executable, "-m", "manacheck", *args], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader leaves before the command has written anything
    err = proc.stderr.read().decode("utf-8", "replace")
    return proc.wait(timeout=120), err


@pytest.mark.parametrize(("args", "status"), [
    (["can-activate", str(EXAMPLES / "activation.yaml"), "kozilek"], 0),
    (["can-activate", str(EXAMPLES / "activation.yaml"), "wizard"], 1),
    (["pay", str(EXAMPLES / "payment.yaml"), "{W}{W}{W}"], 1),
    (["schema"], 0),
])
def test_a_closed_pipe_keeps_the_answers_exit_status(args: list[str], status: int) -> None:
    assert subprocess.run([sys.executable, "-m", "manacheck", *args], cwd=REPO,
                          capture_output=True, timeout=120).returncode == status
    for _ in range(3):
        got, err = _status_with_closed_pipe(args)
        assert (got, err) == (status, "")
