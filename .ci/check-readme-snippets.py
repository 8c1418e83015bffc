#!/usr/bin/env python3
"""Fails unless every README code block marked `<!-- compiled: PATH -->` is exactly PATH."""

import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = (root / "README.md").read_text()
blocks = re.findall(r"<!-- compiled: (\S+) -->\n```swift\n(.*?)```\n", readme, re.S)
if not blocks:
    sys.exit("README.md has no compiled snippets: the adoption example is not checked")

failures = [path for path, code in blocks if (root / path).read_text() != code]
for path in failures:
    print(f"README.md's snippet differs from {path}", file=sys.stderr)
if failures:
    sys.exit(1)
print(f"README.md: {len(blocks)} snippets match the files CI compiles")
