"""No template line over 120 characters: the check make lint runs, and the breaker that gets there.

    python tools/template_lines.py FILE...          lists the lines over the limit; exits 1 if a file has
                                                     more than template_lines_todo.txt allows (or fewer)
    python tools/template_lines.py --lower FILE...  lowers template_lines_todo.txt's counts to what is left
    python tools/template_lines.py --fix FILE...    breaks them where whitespace is free to move,
                                                     then lets djhtml indent, until nothing changes,
                                                     and counts what is left in template_lines_todo.txt

A newline may only stand where it changes neither a rendered page nor a translation nor what
the tests read:

- at a space between two of an HTML tag's attributes, the first staying beside the tag's name
  (outside quotes and Django tags);
- just inside a block element's tags or beside them (<p>, <div>, <li>, <section>...; not table
  cells nor hidden inputs, whose tests read them side by side): whitespace there is not rendered;
- inside a `{% blocktranslate trimmed %}`, whose msgid joins its lines with one space, so only
  at a single space between non-spaces; a one-line `{% blocktranslate %}` over the limit is
  made `trimmed` first and a long `{% translate "..." %}` a trimmed blocktranslate, which leave
  the msgid as it was (nothing at its ends to trim);
- never at a space of plain text (the browser would fold it, but tests read "2 <small>(67%)"),
  inside a Django tag (the template language has no multi-line tags), a quoted attribute value
  (a title or a data-* JSON would change), a `{% blocktranslate %}` without `trimmed` (its
  msgid is its text as written), a page's {% block title %} outside a trimmed blocktranslate,
  `<pre>`, `<textarea>`, `<script>` or `<style>`.

What it cannot break it names, to be reworded or split by hand.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

LIMIT = 120
RAW_ELEMENTS = ("pre", "textarea", "script", "style", "title")
DJANGO_CLOSE = {"{%": "%}", "{{": "}}", "{#": "#}"}
BLOCKTRANSLATE = re.compile(r"\{%-?\s*blocktrans(?:late)?\b(?P<options>[^%]*)%\}")
END_BLOCKTRANSLATE = re.compile(r"\{%\s*endblocktrans(?:late)?\s*%\}")
# Whitespace just inside these, or between one and a tag beside it, is not rendered. Table cells and
# a definition list's terms are left out: tests read their cells side by side ("<td>7.94</td><td>0</td>").
BLOCK_ELEMENTS = frozenset(
    re.findall(
        r"\w+",
        """address article aside blockquote details div fieldset figcaption figure footer form
        h1 h2 h3 h4 h5 h6 header li main nav ol p section summary ul""",
    )
)
# A translate that could be broken: words with a space (and no %, brace or escape, read otherwise in a
# blocktranslate), outside an attribute's value.
TRANSLATE = re.compile(r'(?<!=")\{% translate "(?P<text>[^"%{}\\]* [^"%{}\\]*)"(?P<context> context "[^"]*")? %\}')
# Tags that write nothing: a value kept under a name, a library loaded.
SILENT = re.compile(r"\{%\s*(?:load\s[^%]*|with\s[^%]*|[\w-]+\s[^%]*\sas\s+\w+)\s*%\}")
PLURAL = re.compile(r"\{%\s*plural\s*%\}")
END_BLOCK = re.compile(r"\{%\s*endblock(\s+\w+)?\s*%\}")
TITLE_BLOCK = re.compile(r"\{%\s*block title\s*%\}")
TAG_START = re.compile(r"<(?P<close>/?)(?P<name>[a-zA-Z][\w:-]*)")
# Tests read these tags' attributes side by side ('<input type="hidden" name="sort" value="avg_total">',
# 'name="next" value="..."', 'method="get" action="..."'), and these attributes beside the one before.
WHOLE_TAGS = frozenset({"input", "option", "select", "textarea", "form", "meta", "link"})
KEPT_WITH_THE_ONE_BEFORE = re.compile(r"(?:value|checked|selected|action|content|hx-swap-oob|hx-trigger|data-points)\b")
ATTRIBUTE_START = re.compile(r"[a-zA-Z@:_{-]")


class Scanner:
    """Walks a template once and collects the offsets of the spaces a newline may replace."""

    def __init__(self, text: str, *, is_html: bool) -> None:
        self.text = text
        self.is_html = is_html
        self.points: set[int] = set()
        self.inserts: set[int] = set()
        self.in_tag = False
        self.quote = ""
        self.raw_until = ""
        self.opened = ""
        self.tag_name_end = 0
        self.block_tag = False
        self.in_title = False  # in a page's {% block title %}, whose text is the tab's name
        self.translating = ""  # "" outside a blocktranslate, else "trimmed" or "as-written"

    def scan(self) -> tuple[set[int], set[int]]:
        """The spaces a newline may replace, and the places one may be put (inside a block's ends)."""
        i, n = 0, len(self.text)
        while i < n:
            i = self.step(i)
        return self.points, self.inserts

    def step(self, i: int) -> int:
        text = self.text
        pair = text[i : i + 2]
        if pair in DJANGO_CLOSE:
            return self.django(i, pair)
        if self.raw_until:
            if text.startswith(self.raw_until, i):
                self.raw_until = ""
            return i + 1
        if self.in_tag:
            return self.tag(i)
        tag = TAG_START.match(text, i) if self.is_html else None
        if tag:
            self.in_tag = True
            name = tag.group("name").lower()
            self.opened = "" if tag.group("close") else name
            self.tag_name_end = tag.end()
            self.block_tag = name in BLOCK_ELEMENTS and not self.translating
            if self.block_tag:
                self.inserts.add(i)
            return tag.end()
        if text[i] == " " and self.text_space_breaks(i):
            self.points.add(i)
        return i + 1

    def django(self, i: int, pair: str) -> int:
        end = self.text.find(DJANGO_CLOSE[pair], i + 2)
        end = len(self.text) if end < 0 else end + 2
        tag = self.text[i:end]
        if self.in_title and END_BLOCK.fullmatch(tag):
            self.in_title = False
        opening = BLOCKTRANSLATE.fullmatch(tag)
        # A trimmed blocktranslate drops the whitespace at the ends of its text (and of its plural's):
        # a newline just inside its tags changes neither the msgid nor the page.
        if opening:
            self.translating = "trimmed" if "trimmed" in opening.group("options").split() else "as-written"
            if self.translating == "trimmed":
                self.inserts.add(end)
        elif END_BLOCKTRANSLATE.fullmatch(tag):
            if self.translating == "trimmed":
                self.inserts.add(i)
            self.translating = ""
        elif PLURAL.fullmatch(tag) and self.translating == "trimmed":
            self.inserts.update((i, end))
        elif SILENT.fullmatch(tag) and not self.translating and self.starts_line(i):
            # It writes nothing, and the whitespace before it begins the line: the newline joins that.
            self.inserts.add(end)
        elif TITLE_BLOCK.fullmatch(tag):
            self.in_title = True
        return end

    def tag(self, i: int) -> int:
        c = self.text[i]
        if self.quote:
            if c == self.quote:
                self.quote = ""
        elif c in "\"'":
            self.quote = c
        elif c == ">":
            self.in_tag = False
            if self.block_tag:
                self.inserts.add(i + 1)
            if self.opened in RAW_ELEMENTS:
                self.raw_until = f"</{self.opened}"
        elif c == " " and self.attribute_space_breaks(i):
            self.points.add(i)
        return i + 1

    def starts_line(self, i: int) -> bool:
        return not self.in_tag and not self.raw_until and not self.text[self.text.rfind("\n", 0, i) + 1 : i].strip()

    def attribute_space_breaks(self, i: int) -> bool:
        """Between two attributes; the first stays beside the tag's name, as tests and readers find it."""
        if self.translating == "as-written" or not self.single_space(i):
            return False
        if self.opened in WHOLE_TAGS or KEPT_WITH_THE_ONE_BEFORE.match(self.text, i + 1):
            return False
        return i > self.tag_name_end and bool(ATTRIBUTE_START.match(self.text, i + 1))

    def single_space(self, i: int) -> bool:
        return self.text[i - 1 : i] not in (" ", "\n", "") and self.text[i + 1 : i + 2] not in (" ", "\n", "")

    def text_space_breaks(self, i: int) -> bool:
        if self.translating == "as-written":
            return False
        # Outside a blocktranslate a space stays a space: the browser would fold a newline in its place,
        # but tests read the page's text as written ("<dd>2 <small>(67%)</small></dd>").
        return self.translating == "trimmed" and self.single_space(i)


def trim_long_blocktranslates(text: str) -> str:
    """Makes a one-line `{% blocktranslate %}` on a line over the limit `trimmed`: same msgid."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if len(line) <= LIMIT:
            continue
        pieces, start = [], 0
        for opening in BLOCKTRANSLATE.finditer(line):
            if "trimmed" in opening.group("options").split():
                continue
            end = END_BLOCKTRANSLATE.search(line, opening.end())
            body = line[opening.end() : end.start()] if end else ""
            if not end or body != body.strip():
                continue
            keyword = line.index(" ", line.index("blocktrans", opening.start()))
            pieces.append(line[start:keyword] + " trimmed")
            start = keyword
        lines[number] = "".join(pieces) + line[start:]
    return "\n".join(lines)


COMMENT_LINE = re.compile(r"(?P<indent> *)\{# (?P<words>(?:(?!#\}).)*) #\}")


def split_long_comments(text: str) -> str:
    """A run of one-line `{# … #}` comments (they render nothing), one of them over the limit, is
    wrapped again as one paragraph, a comment a line."""
    lines, out, number = text.split("\n"), [], 0
    while number < len(lines):
        first = COMMENT_LINE.fullmatch(lines[number])
        if not first:
            out.append(lines[number])
            number += 1
            continue
        indent, run = first.group("indent"), []
        while number < len(lines) and (comment := COMMENT_LINE.fullmatch(lines[number])):
            if comment.group("indent") != indent:
                break
            run.append(lines[number])
            number += 1
        if any(len(line) > LIMIT for line in run):
            words = " ".join(line.strip()[3:-3] for line in run)
            width = LIMIT - len(indent) - len("{#  #}")
            run = [f"{indent}{{# {part} #}}" for part in textwrap.wrap(words, width, break_long_words=False)]
        out.extend(run)
    return "\n".join(out)


def as_blocktranslate(literal: re.Match[str], shortest: int) -> str:
    if len(literal.group("text")) < shortest:
        return literal.group(0)
    context = literal.group("context") or ""
    return f"{{% blocktranslate trimmed{context} %}}{literal.group('text')}{{% endblocktranslate %}}"


def untranslate_long_literals(text: str, shortest: int = 40) -> str:
    """A `{% translate "…" %}` of `shortest` characters or more on a line over the limit becomes a trimmed
    blocktranslate, which may be broken inside and has the same msgid and the same rendered text."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if len(line) > LIMIT:
            lines[number] = TRANSLATE.sub(lambda literal: as_blocktranslate(literal, shortest), line)
    return "\n".join(lines)


def break_long_lines(text: str, *, is_html: bool) -> str:
    spaces, inserts = Scanner(text, is_html=is_html).scan()
    out: list[str] = []
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        points = {p - start: True for p in spaces if start <= p < end}
        points.update({p - start: False for p in inserts if start < p < end and p - start not in points})
        out.append(split_line(line, points))
        start = end + 1
    return "\n".join(out)


def split_line(line: str, points: dict[int, bool]) -> str:
    """Breaks at the offsets given: True replaces the space there, False puts the newline before it."""
    if len(line) <= LIMIT or not points:
        return line
    indent = len(line) - len(line.lstrip(" "))
    offsets = sorted(p for p in points if p > indent and line[p:].strip())
    pieces, start, prefix = [], 0, ""
    while len(prefix) + len(line) - start > LIMIT:
        room = start + LIMIT - len(prefix)
        fitting = [p for p in offsets if start < p <= room]
        if not fitting:
            later = [p for p in offsets if p > start]
            if not later:
                break
            fitting = [later[0]]
        # A break before a tag or a Django tag reads best, if it leaves the line half full.
        structural = [p for p in fitting if line[p + points[p]] in "<{" and p - start >= (room - start) // 3]
        cut = (structural or fitting)[-1]
        pieces.append(prefix + line[start:cut])
        start = cut + 1 if points[cut] else cut
        prefix = " " * (indent + 2)
    pieces.append(prefix + line[start:])
    # Half a break is worse than none: a line that cannot be brought within the limit is left whole, for
    # the hand, rather than strewn over lines that are still too long.
    if any(len(piece) > LIMIT for piece in pieces):
        return line
    return "\n".join(pieces)


def long_lines(path: Path) -> list[tuple[int, int]]:
    return [(n, len(line)) for n, line in enumerate(path.read_text().split("\n"), 1) if len(line) > LIMIT]


def fix(paths: list[Path]) -> None:
    """Indents, breaks what the indent leaves too long, and again until nothing moves: djhtml
    first, so a line is broken at its final indent and not again after."""
    djhtml = [str(Path(sys.executable).parent / "djhtml"), "--tabwidth", "2"]
    for round_ in range(5):
        before = [p.read_text() for p in paths]
        subprocess.run([*djhtml, *map(str, paths)], check=False, capture_output=True)
        for path in paths:
            text = untranslate_long_literals(split_long_comments(path.read_text()))
            path.write_text(break_long_lines(trim_long_blocktranslates(text), is_html=path.suffix == ".html"))
        subprocess.run([*djhtml, *map(str, paths)], check=False, capture_output=True)
        if round_ and [p.read_text() for p in paths] == before:
            break


# The lines the breaker could not bring in, per file, to be broken by hand (rewording a long
# sentence's tag, splitting a row's cells): a file may have fewer, never more. Lower a count when
# you break some; the check says when one can be lowered, and the list is to end empty.
TODO = Path(__file__).with_name("template_lines_todo.txt")


def allowed() -> dict[str, int]:
    counts = {}
    for line in TODO.read_text().splitlines() if TODO.exists() else []:
        if line.strip() and not line.startswith("#"):
            path, count = line.split()
            counts[path] = int(count)
    return counts


def check(paths: list[Path]) -> int:
    todo, failed = allowed(), False
    for path in paths:
        over = long_lines(path)
        left = todo.get(str(path), 0)
        if len(over) > left:
            failed = True
            for n, length in over:
                print(f"{path}:{n}: {length} characters, over {LIMIT}")
        elif len(over) < left:
            print(f"{path}: {len(over)} lines over {LIMIT} now, {left} in {TODO.name}: lower it")
            failed = True
    total = sum(len(long_lines(path)) for path in paths)
    if failed:
        print(f"{total} template lines over {LIMIT} characters; {TODO.name} allows {sum(todo.values())}")
    return 1 if failed else 0


def record(paths: list[Path]) -> None:
    """Counts what --fix left in the files it broke, so that the check holds them to it from now on."""
    todo = allowed()
    todo.update({str(path): len(long_lines(path)) for path in paths})
    write(todo)


def write(todo: dict[str, int]) -> None:
    head = [line for line in TODO.read_text().splitlines() if line.startswith("#")]
    TODO.write_text("\n".join([*head, *(f"{path} {count}" for path, count in sorted(todo.items()) if count)]) + "\n")


def lower(paths: list[Path]) -> None:
    """Writes each file's count down to what it has now; a count is never raised here."""
    todo = allowed()
    for path in paths:
        if str(path) in todo:
            todo[str(path)] = min(todo[str(path)], len(long_lines(path)))
    write(todo)


def main(argv: list[str]) -> int:
    fixing = "--fix" in argv
    paths = [Path(a) for a in argv if not a.startswith("--")]
    if "--lower" in argv:
        lower(paths)
    if not fixing:
        return check(paths)
    fix(paths)
    over = [(path, n, length) for path in paths for n, length in long_lines(path)]
    for path, n, length in over:
        print(f"{path}:{n}: {length} characters, over {LIMIT}")
    print(f"{len(over)} template lines over {LIMIT} characters left to break by hand", file=sys.stderr)
    record(paths)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
