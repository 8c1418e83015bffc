#!/usr/bin/env python3
"""Fails unless the Swift code in README.md and docs/ is code that CI compiles.

A code block marked `<!-- compiled: PATH -->` on the line before it must be exactly the file
PATH, which lives in a target CI builds (this package's, or an example package's). In docs/,
every ```swift block must be marked: either compiled, or `<!-- not compiled: REASON -->` for
what is not Swift source of a target (a Package.swift manifest, an XCTest original).
"""

import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
# Pages written before this check, whose Swift blocks are not marked yet: their compiled blocks
# are still checked. Remove a page from this set once its blocks are marked.
UNMARKED_ALLOWED = {"docs/WritingReusableSpecs.md"}
MARKER = re.compile(r"<!-- (compiled|not compiled): (.+?) -->")

failures = []
compiled_count = 0


def check(page, require_marks):
    """Checks every fenced block of `page`, appending what is wrong to `failures`."""
    global compiled_count
    name = page.relative_to(root).as_posix()
    lines = page.read_text().splitlines(keepends=True)
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.startswith("```"):
            index += 1
            continue
        language = line[3:].strip()
        end = index + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        code = "".join(lines[index + 1:end])
        marker = MARKER.fullmatch(lines[index - 1].strip()) if index > 0 else None
        if marker and marker.group(1) == "compiled":
            path = root / marker.group(2)
            compiled_count += 1
            if not path.is_file():
                failures.append(f"{name}:{index + 1}: {marker.group(2)} does not exist")
            elif path.read_text() != code:
                failures.append(f"{name}:{index + 1}: the block differs from {marker.group(2)}")
        elif language == "swift" and marker is None and require_marks:
            failures.append(
                f"{name}:{index + 1}: a swift block with neither <!-- compiled: PATH --> nor "
                "<!-- not compiled: REASON -->")
        index = end + 1


check(root / "README.md", require_marks=False)
for page in sorted((root / "docs").glob("*.md")):
    check(page, require_marks=page.relative_to(root).as_posix() not in UNMARKED_ALLOWED)

for failure in failures:
    print(failure, file=sys.stderr)
if failures:
    sys.exit(1)
if compiled_count == 0:
    sys.exit("no compiled snippets: the adoption example is not checked")
print(f"README.md and docs/: {compiled_count} snippets match the files CI compiles")
