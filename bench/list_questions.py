"""List questions: how many of the notes that mention a subject does the list find?

Each question in bench/questions/lists.jsonl names a subject and a regex; the expected
items are the notes of its folder (bench/folders/vault/, or a shared corpus named by
`corpus`) whose text matches it, read from the files, not from the index. Prints the
share of expected notes listed, the share of listed notes that were expected, and the
items whose cited sentence does not match the regex.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from pathlib import Path

from _common import CORPUS_EXCLUDE, ROOT, corpus, open_index

from app.config import load_settings
from app.core.answer.lists import LIST_BUDGET, answer_list, list_request
from app.core.index.indexer import update_index
from app.core.index.store import NoteIndex
from app.core.session.wiring import make_embedder

QUESTIONS = ROOT / "bench" / "questions" / "lists.jsonl"
VAULT = ROOT / "bench" / "folders" / "vault"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-bench"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print every question")
    args = parser.parse_args()
    settings = load_settings({"data_dir": args.data_dir, "exclude": CORPUS_EXCLUDE})
    embedder = make_embedder(settings)
    folders: dict[str, tuple[NoteIndex, dict[str, str]]] = {}

    def folder(name: str) -> tuple[NoteIndex, dict[str, str]]:
        if name not in folders:
            root = VAULT if name == "vault" else corpus(name)
            index = open_index(settings, root, create=True, embedder=embedder)
            update_index(index, root, walk=settings.walk(), chunking=settings.chunking())
            notes = {
                str(p.relative_to(root)): p.read_text(encoding="utf-8", errors="replace")
                for p in root.rglob("*.md")
                if p.name not in CORPUS_EXCLUDE and not p.name.startswith(".")
            }
            folders[name] = (index, notes)
        return folders[name]

    found = expected_total = listed = wanted_listed = unsupported = 0
    retrieval = settings.retrieval(None)
    lines = QUESTIONS.read_text(encoding="utf-8").splitlines()
    for line in lines:
        item = json.loads(line)
        index, notes = folder(item.get("corpus", "vault"))
        pattern = re.compile(item["mentions"], re.IGNORECASE)
        prefix = item.get("in", "")
        expected = {
            rel for rel, text in notes.items() if rel.startswith(prefix) and pattern.search(text)
        }
        ask = list_request(item["question"])
        assert ask is not None, f"not read as a list question: {item['question']}"
        answer = answer_list(index, ask, retrieval)
        files = {i.file for i in answer.items}
        bad = [i for i in answer.items if not pattern.search(f"{i.sentence}")]
        found += len(files & expected)
        expected_total += len(expected)
        listed += len(files)
        wanted_listed += len(files & expected)
        unsupported += len(bad)
        if args.verbose:
            print(
                f"{item.get('corpus', 'vault')}: {item['question']}: "
                f"{len(files & expected)}/{len(expected)} found, "
                f"{len(files - expected)} unexpected, missed {sorted(expected - files)}"
            )
    names = ", ".join(folders)
    print(f"{len(lines)} list questions over {names} (k={retrieval.k}, list budget x{LIST_BUDGET})")
    print(f"  expected notes listed: {found}/{expected_total} = {found / expected_total:.2f}")
    print(
        f"  listed notes that were expected: {wanted_listed}/{listed} = "
        f"{wanted_listed / max(listed, 1):.2f}"
    )
    print(f"  items whose cited sentence does not state the subject: {unsupported}")
    for index, _ in folders.values():
        index.close()


if __name__ == "__main__":
    main()
