#!/usr/bin/env python3
"""No class or struct in harness/src is over 300 lines or 15 data members: a class bigger than that
does several jobs, and its reader has to hold all of its members at once (issue 66, "rooms 3").
The classes in OVER were already over when the check came; each may only shrink, and the check
says when one can leave the list.

What it counts, by layout (tools/format keeps it):
- A class is a `class NAME` or `struct NAME` head (templates, attributes, `final`, bases that wrap
  included; forward declarations and `enum class` left out) whose body closes with "}" at the
  head's indentation; nested classes count on their own, not in the class that holds them.
- Lines: the class's own lines, head to closing "};", plus those of its members defined out of
  line (`T NAME::f(...) {` at column 0 to the "}" that closes it) in the file that holds the class
  or in any file that includes its header: every implementation counts (cluster/world.h has an
  MPI one and a single-process one). Two classes of one name in different files are kept apart.
- Data members: the declarators of its non-static data members declared at member level
  (`int a_ = 0, b_ = 0;` is two); functions, types, aliases, friends and static members are not."""
import pathlib
import re
import sys

import layout_report

MAX_LINES = 300
MAX_MEMBERS = 15
ROOT = "harness/src"

# (file, class): (lines, data members, why it is still over). Each may only shrink.
OVER = {
}

HEAD = re.compile(r"^(\s*)(?:template\s*<.*>\s*)?(?:class|struct)\s+(?:\[\[[^\]]*\]\]\s*)?(?:alignas\(\w+\)\s*)?"
                  r"([A-Za-z_]\w*)\b(.*)$")
OUT_OF_LINE = re.compile(r"^(?:.*?[\s*&])?(?:\w+::)*([A-Za-z_]\w*)(?:<[^()]*>)?::(~?[A-Za-z_]\w*|operator\W.*?)\s*\(")
INCLUDE = re.compile(r'^#include "([^"]+)"')
NOT_DATA = ("//", "public", "private", "protected", "using ", "friend ", "static ", "static_assert", "template",
            "enum ", "struct ", "class ", "union ", "typedef ", "}", "#")


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def stripped(text):
    """The text without comments and with what nests (template arguments, calls, braces) emptied."""
    text = re.sub(r"//.*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    # Innermost first, each into a mark that nests no further, until nothing nests: "(" stays
    # visible as "()", and `std::function<void(int)> f;` is a data member.
    marks = ((r"<[^<>;{}()]*>", ""), (r"\([^()]*\)", "\x01"), (r"\{[^{}]*\}", "\x02"), (r"\[[^\[\]]*\]", "\x03"))
    while True:
        shorter = text
        for pattern, mark in marks:
            shorter = re.sub(pattern, mark, shorter)
        if shorter == text:
            break
        text = shorter
    return text.replace("\x01", "()")


def data_members(statement):
    """How many data members a member-level statement declares: 0 for anything else."""
    if statement.startswith(NOT_DATA) or "operator" in statement:
        return 0
    flat = stripped(statement)
    declaration = flat.split("=")[0]
    if "(" in declaration or not flat.rstrip().endswith(";"):  # a function (inline bodies end in "}")
        return 0
    return flat.count(",") + 1


def class_bodies(lines):
    """(name, first line, last line, data members) of each class defined in `lines`."""
    for number, line in enumerate(lines):
        m = HEAD.match(line)
        if not m or line.lstrip().startswith("//"):
            continue
        indent, name, rest = m.group(1), m.group(2), m.group(3)
        opening = number
        while not lines[opening].rstrip().endswith("{") and ";" not in lines[opening] and opening + 1 < len(lines) \
                and opening - number < 4 and indent_of(lines[opening + 1]) > len(indent):
            opening += 1
        if ";" in rest or not lines[opening].rstrip().endswith("{"):
            continue  # a forward declaration, a one-line struct, a variable of a class type
        closing = next((k for k in range(opening + 1, len(lines))
                        if lines[k].startswith(indent + "}") and indent_of(lines[k]) == len(indent)), None)
        if closing is None:
            continue
        yield name, number, closing, count_members(lines[opening + 1:closing], len(indent) + 2)


def count_members(body, member_indent):
    count, statement = 0, None
    for line in body + [" " * member_indent + "//"]:
        if line.strip() and indent_of(line) == member_indent:  # a new member-level statement
            if statement is not None:
                count += data_members(statement)
            statement = line.strip()
        elif statement is not None and line.strip() and indent_of(line) > member_indent:
            statement += " " + line.strip()
        elif line.strip():  # an access specifier (one space in)
            if statement is not None:
                count += data_members(statement)
            statement = None
    return count


def out_of_line(lines):
    """(class, first line, last line) of each member function defined at column 0."""
    for number, line in enumerate(lines):
        if not line or line[0] in " #/}" or line.rstrip().endswith(";"):
            continue
        m = OUT_OF_LINE.match(line)
        if not m or m.group(2) in ("", "operator"):
            continue
        closing = next((k for k in range(number, len(lines)) if lines[k] == "}"), None)
        if closing is not None:
            yield m.group(1), number, closing


def measure(root):
    """{(file, class): [lines, data members]} over harness/src."""
    sizes, defined = {}, {}
    paths = [p for p in sorted((root / ROOT).rglob("*")) if p.suffix in (".h", ".cc")]
    texts = {p: p.read_text().splitlines() for p in paths}
    for path, lines in texts.items():
        rel = path.relative_to(root).as_posix()
        for name, first, last, members in class_bodies(lines):
            key = (rel, name)
            size = sizes.setdefault(key, [0, 0])
            size[0] += last - first + 1
            size[1] = max(size[1], members)
            defined.setdefault((path, name), key)
    for path, lines in texts.items():
        # A member defined out of line belongs to the class of its name in this file, else in a
        # header this file includes (world_mpi.cc and world_single.cc both define World's).
        places = [path] + [root / ROOT / m.group(1) for m in map(INCLUDE.match, lines) if m]
        for name, first, last in out_of_line(lines):
            key = next((defined[(p, name)] for p in places if (p, name) in defined), None)
            if key is not None:  # else a namespace's function
                sizes[key][0] += last - first + 1
    return sizes


def main(root):
    problems = []
    sizes = measure(root)
    for key, (lines, members) in sorted(sizes.items()):
        where, name = key
        if key in OVER:
            listed_lines, listed_members, _ = OVER[key]
            if lines > listed_lines or members > listed_members:
                problems.append(f"{where}: {name} grew to {lines} lines and {members} data members "
                                f"(listed at {listed_lines} and {listed_members}: it may only shrink)")
            elif lines <= MAX_LINES and members <= MAX_MEMBERS:
                print(f"note: {where} {name} is within the limits now ({lines} lines, {members} data members): "
                      "take it off OVER", file=sys.stderr)
            elif (lines, members) != (listed_lines, listed_members):
                print(f"note: {where} {name} shrank to {lines} lines and {members} data members: "
                      "lower its entry in OVER", file=sys.stderr)
        elif lines > MAX_LINES or members > MAX_MEMBERS:
            problems.append(f"{where}: {name} is {lines} lines and {members} data members "
                            f"(at most {MAX_LINES} and {MAX_MEMBERS})")
    for where, name in sorted(set(OVER) - set(sizes)):
        print(f"note: {where} {name} is gone: take it off OVER", file=sys.stderr)
    return layout_report.report("class size", problems)


if __name__ == "__main__":
    layout_report.exit_with(main)
