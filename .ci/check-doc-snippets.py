#!/usr/bin/env python3
"""Fails unless every marked code block in the README and docs/ matches the code CI compiles.

- `<!-- compiled: PATH -->` before a block: the block is exactly the file PATH.
- `<!-- excerpt: PATH -->`: the block appears, verbatim and whole lines, in PATH.
- `<!-- pinned: PATH -->`: the block is a string literal in PATH, possibly split across
  `"..." + "..."` concatenations or written as a multi-line triple-quoted literal, as the tests that pin
  failure messages write them.
- `<!-- not compiled: REASON -->`: the block is not Swift source of a target (a Package.swift
  manifest, an XCTest original shown for comparison).

In docs/ and the DocC catalog, every ```swift block carries one of these markers, so no Swift code there goes
unchecked by accident; the README may show an unmarked manifest excerpt.
"""

import pathlib
import re
import sys
import warnings

# Swift interpolations such as "\(name)" in pinned literals are not Python escapes; decoding them
# must not print a warning on every run.
warnings.filterwarnings("ignore", category=DeprecationWarning)

root = pathlib.Path(__file__).resolve().parent.parent
marker = re.compile(r"<!-- (compiled|excerpt|pinned): (\S+) -->\n```\w*\n(.*?)```\n", re.S)
any_marker = re.compile(r"<!-- (compiled|excerpt|pinned|not compiled): .+ -->")
# Pages written before docs/ required a marker on every Swift block: their marked blocks are
# checked; remove a page from this set once each of its Swift blocks is marked.
UNMARKED_SWIFT_ALLOWED = {"docs/Clients.md"}
literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
multiline = re.compile(r'"""\n(.*?)\n([ \t]*)"""', re.S)


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
    for match in multiline.finditer(source):
        indent = match.group(2)
        lines = [line[len(indent) :] for line in match.group(1).split("\n")]
        strings.append("\n".join(lines).replace("\\\n", ""))
    return strings


def matches(kind, path, block):
    source = (root / path).read_text()
    if kind == "compiled":
        return source == block
    if kind == "excerpt":
        return ("\n" + block) in ("\n" + source)
    return block.rstrip("\n") in pinned_strings(source)


catalogs = [root / "Sources" / module / f"{module}.docc" for module in ("ContractSpecs", "FeedStoreSpecs")]
documents = [
    root / "README.md",
    *sorted((root / "docs").glob("*.md")),
    *(page for catalog in catalogs for page in sorted(catalog.glob("*.md"))),
]
checked, failures = 0, []
for document in documents:
    for kind, path, block in marker.findall(document.read_text()):
        checked += 1
        if not (root / path).is_file() or not matches(kind, path, block):
            failures.append(f"{document.relative_to(root)}: a {kind} block differs from {path}")


def unmarked_swift_blocks(document):
    """The line numbers of ```swift blocks in `document` with no marker on the line before."""
    lines = document.read_text().splitlines()
    opening, found = True, []
    for number, line in enumerate(lines, start=1):
        if not line.startswith("```"):
            continue
        if opening and line.strip() == "```swift":
            previous = lines[number - 2].strip() if number > 1 else ""
            if not any_marker.fullmatch(previous):
                found.append(number)
        opening = not opening
    return found


for document in documents[1:]:
    name = document.relative_to(root).as_posix()
    if name in UNMARKED_SWIFT_ALLOWED:
        continue
    for number in unmarked_swift_blocks(document):
        failures.append(f"{name}:{number}: a swift block without a marker (see this script)")
for failure in failures:
    print(failure, file=sys.stderr)
if failures:
    sys.exit(1)
if checked == 0:
    sys.exit("no marked snippets: the documentation's code is not checked")
print(f"{checked} documentation snippets match the code CI compiles")
