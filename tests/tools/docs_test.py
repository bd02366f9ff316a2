#!/usr/bin/env python3
"""README.md is the front door and docs/ holds the reference (README, "Reference"). Kept true by checks
that need no judgement: README stays under 250 lines, so that it stays a front door; its Layout table
names every top-level folder tracked in git and every room under harness/src/, so that a new folder or
room cannot go unexplained; every relative link in README.md and docs/*.md reaches a file that exists
(and, into a Markdown file, a heading that exists), so that moving a page or renaming a section shows up
here; and every docs/*.md is linked from README.md, so that no page is lost."""
import pathlib
import re
import subprocess
import urllib.parse

import layout_report

MAX_README_LINES = 250
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def without_code(text: str) -> list[str]:
    """The lines outside fenced code blocks, with inline code blanked: a `[x](y)` or `# x` in code is no
    link or heading."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            lines.append("")
            continue
        lines.append("" if fenced else re.sub(r"`[^`]*`", "``", line))
    return lines


def anchors(path: pathlib.Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as
    hyphens, a repeated one numbered."""
    seen: dict[str, int] = {}
    result = set()
    fenced = False
    for line in path.read_text().splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        m = None if fenced else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        result.add(slug if n == 0 else f"{slug}-{n}")
    return result


def tracked_top_level_folders(root: pathlib.Path) -> set[str]:
    """Folders git tracks a file in at the top level; outside a git checkout, the folders on disk that
    are not build output."""
    try:
        files = subprocess.run(["git", "-C", str(root), "ls-files"], check=True, capture_output=True, text=True).stdout
        return {f.split("/", 1)[0] for f in files.splitlines() if "/" in f}
    except (OSError, subprocess.CalledProcessError):
        return {p.name for p in root.iterdir() if p.is_dir() and p.name != ".git" and not p.name.startswith("build")}


def layout_paths(readme: str) -> set[str]:
    """The paths in the first column of README's Layout table, without their trailing slash."""
    section = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", readme, re.S | re.M)
    if not section:
        return set()
    paths = set()
    for line in section.group(1).splitlines():
        m = re.match(r"\|\s*`([^`]+)`", line)
        if m:
            paths.add(m.group(1).rstrip("/"))
    return paths


def main(root: pathlib.Path) -> int:
    root = root.resolve()
    problems = []
    readme_path = root / "README.md"
    readme = readme_path.read_text()
    docs = sorted((root / "docs").glob("*.md"))

    lines = len(readme.splitlines())
    if lines >= MAX_README_LINES:
        problems.append(f"README.md: {lines} lines, at most {MAX_README_LINES - 1}: move reference material to docs/")

    layout = layout_paths(readme)
    if not layout:
        problems.append("README.md: no '## Layout' table")
    for folder in sorted(tracked_top_level_folders(root)):
        if folder not in layout:
            problems.append(f"README.md: Layout table lacks the top-level folder `{folder}/`")
    for room in sorted(p.name for p in (root / "harness" / "src").iterdir() if p.is_dir()):
        if f"harness/src/{room}" not in layout:
            problems.append(f"README.md: Layout table lacks the room `harness/src/{room}/`")

    linked_docs = set()
    for page in [readme_path, *docs]:
        for number, line in enumerate(without_code(page.read_text()), 1):
            for target in LINK.findall(line):
                if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, mailto: ... : not a file here
                    continue
                path_part, _, fragment = target.partition("#")
                where = f"{page.relative_to(root)}:{number}"
                dest = page if not path_part else (page.parent / urllib.parse.unquote(path_part)).resolve()
                if not dest.exists():
                    problems.append(f"{where}: link to {target}: no such file")
                    continue
                if page == readme_path and dest.parent == (root / "docs").resolve() and dest.suffix == ".md":
                    linked_docs.add(dest.name)
                if fragment and dest.suffix == ".md" and fragment not in anchors(dest):
                    problems.append(f"{where}: link to {target}: no heading '#{fragment}' in {dest.relative_to(root)}")
    for page in docs:
        if page.name not in linked_docs:
            problems.append(f"README.md: does not link docs/{page.name}")

    return layout_report.report("docs", problems)


if __name__ == "__main__":
    layout_report.exit_with(main)
