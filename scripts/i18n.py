#!/usr/bin/env python3
"""Keep the engines' translation catalogues (``scoring/locale``) in step with the code.

    python3 scripts/i18n.py extract   # add new templates to every .po, drop the ones no longer used
    python3 scripts/i18n.py compile   # .po → .mo (the .mo files are committed)
    python3 scripts/i18n.py check     # what tests/scoring/test_i18n.py asserts, as a list

Templates are read from the source, not from running it: the second argument of ``Note(...)`` and
of every ``...Error("code", ...)``, ``Note``'s ``plural=``, the ``doc=`` of each ``option(...)`` and
the argument of ``N_(...)``. A template must be a string literal (or ``a if c else b`` of two); an
f-string there is reported, because its text could never be found in a catalogue.
Needs ``polib`` (requirements-dev.txt).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
SCORING = ROOT / "scoring"
sys.path.insert(0, str(ROOT))
from scoring.i18n import DOMAINS, LANGUAGES, LOCALE_DIR, domain_of  # noqa: E402

PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fi": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdfr]")


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    codes: set[str] = field(default_factory=set)
    places: set[str] = field(default_factory=set)


@dataclass
class Extraction:
    messages: dict[str, dict[str, Message]]  # domain → msgid → message
    problems: list[str]


def _func_name(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def _strings(node: ast.expr) -> Iterator[str] | None:
    """The literal strings an expression can be, or ``None`` when it is not made of literals."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return iter([node.value])
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body), _strings(node.orelse)
        if body is None or orelse is None:
            return None
        return iter([*body, *orelse])
    return None


def _forwarded(node: ast.expr) -> bool:
    """``exc.template`` / ``note.template``: a template passed on, extracted where it was written."""
    return isinstance(node, ast.Attribute) and node.attr in ("template", "plural")


#: Calls that take a template, and the index of the template argument. Any ``...Error("code", template)``
#: counts too. A game's own error helper (``fail(code, template, ...)``) is added here.
TEMPLATE_CALLS = {"Note": 1, "fail": 1, "fail_play": 1, "N_": 0}
# ``NP_(template, plural)`` marks a template with its plural form (see below).


class _Collector(ast.NodeVisitor):
    def __init__(self, rel: Path, messages: dict[str, Message], problems: list[str]) -> None:
        self.rel, self.messages, self.problems = rel, messages, problems
        self.parameters: list[set[str]] = [set()]

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        a = node.args
        names = {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs]}
        self.parameters.append(names)
        self.generic_visit(node)
        self.parameters.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        name = _func_name(node)
        index = TEMPLATE_CALLS.get(name)
        if index is None and name.endswith("Error") and name != "ReplayError" and len(node.args) >= 2:
            first = node.args[0]
            index = 1 if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
            if index is None and isinstance(first, (ast.Name, ast.Attribute)):
                index = 1  # a code in a variable: the template must still be a literal
        found: list[tuple[ast.expr, ast.expr | None]] = []
        if index is not None and len(node.args) > index:
            plural = next((k.value for k in node.keywords if k.arg == "plural"), None)
            found.append((node.args[index], plural))
        elif name == "option":
            found += [(k.value, None) for k in node.keywords if k.arg == "doc"]
        elif name == "NP_" and len(node.args) == 2:
            found.append((node.args[0], node.args[1]))
        code = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
        for template, plural in found:
            self._add(node, name, template, plural, code if isinstance(code, str) and index == 1 else None)

    def _add(self, node: ast.Call, name: str, template: ast.expr, plural: ast.expr | None, code: str | None) -> None:
        where = f"{self.rel}:{node.lineno}"
        if _forwarded(template) or (isinstance(template, ast.Name) and template.id in self.parameters[-1]):
            return  # passed on: extracted where it was written
        texts = _strings(template)
        if texts is None:
            self.problems.append(f"{where}: {name}(...) template is not a string literal")
            return
        plural_texts: list[str | None] = [None]
        if plural is not None:
            plural_strings = _strings(plural)
            if plural_strings is None:
                self.problems.append(f"{where}: plural template is not a string literal")
                return
            plural_texts = list(plural_strings)
        texts_list = list(texts)
        if len(plural_texts) == 1:
            plural_texts = plural_texts * len(texts_list)
        for text, plural_text in zip(texts_list, plural_texts, strict=False):
            message = self.messages.setdefault(text, Message(text, plural_text))
            if plural_text is not None:
                message.plural = plural_text
            if code:
                message.codes.add(code)
            message.places.add(str(self.rel))


def extract() -> Extraction:
    messages: dict[str, dict[str, Message]] = {d: {} for d in DOMAINS}
    problems: list[str] = []
    for path in sorted(SCORING.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if path.name in ("i18n.py", "explain.py", "errors.py") and path.parent == SCORING:
            continue
        module = ".".join(rel.with_suffix("").parts)
        tree = ast.parse(path.read_text(), str(rel))
        _Collector(rel, messages[domain_of(module)], problems).visit(tree)
    _house_rule_labels(messages)
    return Extraction(messages, problems)


def _house_rule_labels(messages: dict[str, dict[str, Message]]) -> None:
    """Each house rule's name and values as the catalogue shows them (``scoring.variants.label``)."""
    from scoring.registry import GAME_MODULES, get_game

    for name, module in sorted(GAME_MODULES.items()):
        domain = domain_of(module + ".catalogue")
        for entry in get_game(name).catalogue()["variants"]:
            texts = [entry["label"], *entry.get("choice_labels", []), *entry.get("item_choice_labels", [])]
            for text in texts:
                if isinstance(text, str) and re.search(r"[A-Za-z]", text):
                    message = messages[domain].setdefault(text, Message(text))
                    message.codes.add("house rule " + entry["key"])
                    message.places.add(f"{module} (catalogue)")


def po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def _new_po(language: str, domain: str) -> polib.POFile:
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": f"companion-scoring {domain}",
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS[language],
    }
    return po


def write_po(extraction: Extraction) -> None:
    for language in LANGUAGES[1:]:
        for domain in DOMAINS:
            path = po_path(language, domain)
            old = polib.pofile(str(path), wrapwidth=0) if path.exists() else _new_po(language, domain)
            by_id = {e.msgid: e for e in old if not e.obsolete}
            po = _new_po(language, domain)
            for msgid in sorted(extraction.messages[domain]):
                message = extraction.messages[domain][msgid]
                entry = by_id.get(msgid) or polib.POEntry(msgid=msgid)
                entry.occurrences = [(place, "") for place in sorted(message.places)]
                entry.comment = ("code: " + ", ".join(sorted(message.codes))) if message.codes else ""
                entry.flags = sorted({*entry.flags, "python-format"} if "%(" in msgid else set(entry.flags))
                if message.plural is not None:
                    entry.msgid_plural = message.plural
                    nplurals = 3 if language == "ru" else 2
                    entry.msgstr_plural = {i: entry.msgstr_plural.get(i, "") for i in range(nplurals)}
                    entry.msgstr = ""
                po.append(entry)
            path.parent.mkdir(parents=True, exist_ok=True)
            po.save(str(path))


def compile_mo() -> None:
    for language in LANGUAGES[1:]:
        for domain in DOMAINS:
            path = po_path(language, domain)
            if path.exists():
                polib.pofile(str(path)).save_as_mofile(str(path.with_suffix(".mo")))


def check(extraction: Extraction) -> list[str]:
    """Every extracted template translated in every language, placeholders kept, .mo up to date."""
    problems = list(extraction.problems)
    for language in LANGUAGES[1:]:
        for domain in DOMAINS:
            path = po_path(language, domain)
            wanted = extraction.messages[domain]
            if not path.exists():
                if wanted:
                    problems.append(f"{path.relative_to(ROOT)} is missing (run scripts/i18n.py extract)")
                continue
            po = polib.pofile(str(path))
            entries = {e.msgid: e for e in po if not e.obsolete}
            for msgid, message in wanted.items():
                entry = entries.get(msgid)
                label = f"{path.relative_to(ROOT)}: {msgid!r}"
                if entry is None:
                    problems.append(f"{label} is not in the catalogue (run scripts/i18n.py extract)")
                    continue
                if "fuzzy" in entry.flags:
                    problems.append(f"{label} is fuzzy")
                names = set(PLACEHOLDER.findall(msgid)) | set(PLACEHOLDER.findall(message.plural or ""))
                translations = list(entry.msgstr_plural.values()) if message.plural else [entry.msgstr]
                if message.plural and len(translations) != (3 if language == "ru" else 2):
                    problems.append(f"{label} needs {3 if language == 'ru' else 2} plural forms")
                for text in translations:
                    if not text.strip():
                        problems.append(f"{label} is not translated")
                    elif set(PLACEHOLDER.findall(text)) - names:
                        problems.append(f"{label}: the translation uses a placeholder the template lacks")
                    elif not message.plural and set(PLACEHOLDER.findall(text)) != names:
                        problems.append(f"{label}: the translation drops a placeholder")
            problems += _stale_mo(path, po)
    return problems


def _stale_mo(path: Path, po: polib.POFile) -> list[str]:
    mo_path = path.with_suffix(".mo")
    if not mo_path.exists():
        return [f"{mo_path.relative_to(ROOT)} is missing (run scripts/i18n.py compile)"]
    mo = polib.mofile(str(mo_path))
    compiled = {(e.msgid, e.msgstr, tuple(sorted(e.msgstr_plural.items()))) for e in mo if e.msgid}
    source = {
        (e.msgid, e.msgstr, tuple(sorted(e.msgstr_plural.items())))
        for e in po.translated_entries()
        if not e.obsolete and "fuzzy" not in e.flags
    }
    return [] if compiled == source else [f"{mo_path.relative_to(ROOT)} is out of date (run scripts/i18n.py compile)"]


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    extraction = extract()
    if command == "extract":
        write_po(extraction)
        for problem in extraction.problems:
            print(problem)
        return 0
    if command == "compile":
        compile_mo()
        return 0
    problems = check(extraction)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
