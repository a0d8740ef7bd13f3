"""Check a question set against the notes folder it is written for.

    python3 bench/check_question_sets.py NOTES_FOLDER QUESTIONS.jsonl [-v]

Reports, one per line with the question file's line number:
- lines that are not JSON objects with a "question" string, or have a bad "expect";
- duplicate questions (compared case-insensitively, whitespace collapsed);
- answerable questions without an anchor or a source;
- sources that do not exist in the notes folder (or lie outside it);
- anchors that are not valid regular expressions, or that match none of the sources;
- "trap" regexes (for near-miss refusals) that are invalid or match no note at all;
- near-miss refusals without a trap, and unknown "type" values.

Files matching --exclude (default: SOURCE.md, the provenance file at a folder's root,
which is not a note) are left out of the trap search, and a source naming one is a problem.

Texts are read as UTF-8, put in NFC with Unix line endings (the form the app stores),
and matched with re.search(..., re.IGNORECASE), as the app does for anchors.
A question without "expect" counts as answerable when it has an anchor.
Exit code 0 when clean, 1 when any problem was found, 2 on bad arguments.
Standard library only.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
import unicodedata
from pathlib import Path

NOTE_EXTENSIONS = (".md", ".markdown", ".txt")
TYPES = {
    "quantity",
    "price",
    "time",
    "date",
    "duration",
    "person",
    "place",
    "yes/no",
    "how",
    "what",
    "list",
}


def normalize(text: str) -> str:
    return unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))


def read_text(path: Path) -> str | None:
    try:
        return normalize(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def excluded(rel: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(rel, p) for p in patterns)


def all_notes(root: Path, exclude: tuple[str, ...] = ()) -> dict[str, str]:
    """Every note the app would index: notes extensions, no hidden files or folders."""
    notes = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts) or excluded(rel.as_posix(), exclude):
            continue
        if path.is_file() and path.name.lower().endswith(NOTE_EXTENSIONS):
            text = read_text(path)
            if text is not None:
                notes[rel.as_posix()] = text
    return notes


def compile_regex(pattern: object) -> tuple[re.Pattern[str] | None, str | None]:
    if not isinstance(pattern, str) or not pattern:
        return None, "must be a non-empty string"
    try:
        return re.compile(pattern, re.IGNORECASE), None
    except re.error as exc:
        return None, f"is not a valid regular expression ({exc})"


def check(
    root: Path, qfile: Path, verbose: bool = False, exclude: tuple[str, ...] = ("SOURCE.md",)
) -> tuple[list[str], dict[str, int]]:
    problems: list[str] = []
    counts = {"answer": 0, "refuse": 0, "near-miss": 0}
    notes = all_notes(root, exclude)
    seen: dict[str, int] = {}
    root_resolved = root.resolve()
    for number, line in enumerate(qfile.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{qfile}:{number}"
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{where}: not valid JSON ({exc.msg})")
            continue
        if not isinstance(item, dict) or not isinstance(item.get("question"), str):
            problems.append(f'{where}: needs a "question" string')
            continue
        question = item["question"]
        key = " ".join(normalize(question).casefold().split())
        if key in seen:
            problems.append(
                f"{where}: duplicate question (first on line {seen[key]}): {question!r}"
            )
        else:
            seen[key] = number
        expect = item.get("expect")
        if expect not in (None, "answer", "refuse"):
            problems.append(f'{where}: expect must be "answer" or "refuse", got {expect!r}')
            continue
        qtype = item.get("type")
        if qtype is not None and qtype not in TYPES:
            problems.append(f"{where}: unknown type {qtype!r}")
        answerable = expect == "answer" or (expect is None and "anchor" in item)
        if answerable:
            counts["answer"] += 1
            check_answerable(item, where, root, root_resolved, problems, verbose, exclude)
        else:
            counts["refuse"] += 1
            if item.get("kind") == "near-miss":
                counts["near-miss"] += 1
                if "trap" not in item:
                    problems.append(f"{where}: near-miss without a trap")
            if "trap" in item:
                trap, error = compile_regex(item["trap"])
                if trap is None:
                    problems.append(f"{where}: trap {error}")
                else:
                    hits = [rel for rel, text in notes.items() if trap.search(text)]
                    if not hits:
                        problems.append(f"{where}: trap {item['trap']!r} matches no note")
                    elif verbose:
                        print(f"{where}: trap in {', '.join(hits[:3])}")
    return problems, counts


def check_answerable(
    item: dict,
    where: str,
    root: Path,
    root_resolved: Path,
    problems: list[str],
    verbose: bool,
    exclude: tuple[str, ...],
) -> None:
    if "anchor" not in item:
        problems.append(f"{where}: answerable question without an anchor")
        return
    anchor, error = compile_regex(item["anchor"])
    if anchor is None:
        problems.append(f"{where}: anchor {error}")
        return
    source = item.get("source")
    if isinstance(source, str):
        sources = [source]
    elif isinstance(source, list) and source and all(isinstance(s, str) for s in source):
        sources = source
    else:
        problems.append(f"{where}: answerable question needs a source path or a list of paths")
        return
    matched, missing = [], []
    for rel in sources:
        path = root / rel
        try:
            inside = path.resolve().is_relative_to(root_resolved)
        except OSError:
            inside = False
        if not inside or not path.is_file():
            problems.append(f"{where}: source does not exist: {rel}")
            continue
        if excluded(rel, exclude):
            problems.append(f"{where}: source is an excluded file, not a note: {rel}")
            continue
        text = read_text(path)
        if text is None:
            problems.append(f"{where}: source is not readable UTF-8: {rel}")
            continue
        (matched if anchor.search(text) else missing).append(rel)
    if not matched and len(missing) + len(matched) > 0:
        problems.append(f"{where}: anchor {item['anchor']!r} matches none of its sources")
    elif verbose and missing:
        print(f"{where}: note: anchor not in {', '.join(missing)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notes", type=Path, help="the notes folder the questions are about")
    parser.add_argument("questions", type=Path, help="the question set (JSONL)")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="also print notes and trap hits"
    )
    parser.add_argument(
        "--exclude",
        action="append",
        metavar="GLOB",
        help="a path (relative to the notes folder) that is not a note; repeatable "
        "(default: SOURCE.md)",
    )
    args = parser.parse_args(argv)
    exclude = tuple(args.exclude) if args.exclude else ("SOURCE.md",)
    if not args.notes.is_dir():
        print(f"not a folder: {args.notes}", file=sys.stderr)
        return 2
    if not args.questions.is_file():
        print(f"not a file: {args.questions}", file=sys.stderr)
        return 2
    problems, counts = check(args.notes, args.questions, args.verbose, exclude)
    for problem in problems:
        print(problem)
    summary = (
        f"{args.questions}: {counts['answer']} answerable, {counts['refuse']} unanswerable "
        f"({counts['near-miss']} near-miss), {len(problems)} problem(s)"
    )
    print(summary)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
