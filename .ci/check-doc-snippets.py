#!/usr/bin/env python3
"""Fails unless every marked code block in the README and docs/ matches the code CI compiles.

- `<!-- compiled: PATH -->` before a block: the block is exactly the file PATH.
- `<!-- excerpt: PATH -->`: the block appears, verbatim and whole lines, in PATH.
- `<!-- pinned: PATH -->`: the block (one line) is a string literal in PATH, possibly split
  across `"..." + "..."` concatenations, as the tests that pin failure messages write them.
"""

import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
marker = re.compile(r"<!-- (compiled|excerpt|pinned): (\S+) -->\n```\w*\n(.*?)```\n", re.S)
literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def pinned_strings(source):
    """Every string literal of `source`, with `+`-joined pieces concatenated."""
    strings, pieces, end = [], [], None
    for match in literal.finditer(source):
        if pieces and not re.fullmatch(r"\s*\+\s*", source[end : match.start()]):
            strings.append("".join(pieces))
            pieces = []
        pieces.append(match.group(1).encode().decode("unicode_escape").encode("latin-1").decode())
        end = match.end()
    if pieces:
        strings.append("".join(pieces))
    return strings


def matches(kind, path, block):
    source = (root / path).read_text()
    if kind == "compiled":
        return source == block
    if kind == "excerpt":
        return ("\n" + block) in ("\n" + source)
    return block.rstrip("\n") in pinned_strings(source)


documents = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
checked, failures = 0, []
for document in documents:
    for kind, path, block in marker.findall(document.read_text()):
        checked += 1
        if not (root / path).is_file() or not matches(kind, path, block):
            failures.append(f"{document.relative_to(root)}: a {kind} block differs from {path}")
for failure in failures:
    print(failure, file=sys.stderr)
if failures:
    sys.exit(1)
if checked == 0:
    sys.exit("no marked snippets: the documentation's code is not checked")
print(f"{checked} documentation snippets match the code CI compiles")
