"""Every example of docs/python.md runs: each fenced ```python block is executed, in the
page's order, each in a namespace of its own, and must not raise (the examples assert what
they show). Text that is not meant to run is fenced under another name (```text)."""

import pathlib
import re

import pytest

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list:
    text = PAGE.read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        found.append(pytest.param(match.group(1), id=f"python.md:{line}"))
    return found


def test_the_page_has_examples():
    assert len(blocks()) >= 5


@pytest.mark.parametrize("code", blocks())
def test_every_example_runs(code):
    exec(compile(code, str(PAGE), "exec"), {"__name__": "docs_example"})
