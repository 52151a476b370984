"""Scoring page metadata (title, author, publication date) against gold.

The rules, one per field; a page scores 1 or 0 and a field's score is the
mean over the pages (a missing gold value is part of the gold: predicting
nothing there is right, predicting something is wrong):

* **title**: equal after normalising: Unicode NFKC, case folded, every run
  of characters other than letters and digits made one space, trimmed.
* **author**: both empty, or both given and (1) every word of the
  prediction is a word of the gold (no site name, "By", job title or
  handle the gold lacks) and (2) every person the gold names is in the
  prediction: the gold is cut into parts at ``,``, ``;``, ``&``, ``|`` and
  the word "and"; the first part is always a person, a later part is a
  person when it has two to five words, none with a digit, and no word
  of a credential or job (``MS``, ``CEO``, ``Expert``, ``Director``...: all
  capitals, or in :data:`_ROLE_WORDS`). Words: NFKD without accents, case
  folded, letters and digits only.
* **date**: the publication day, ``YYYY-MM-DD``; a prediction in another
  format is read as a date first (day-first when ambiguous is not guessed:
  only ISO-like and written-month forms count).

Pages are grouped by site into five folds (CRC-32 of the ``site`` field,
modulo 5) so that rules can be developed on some sites and checked on
others: :func:`fold_of`.
"""

from __future__ import annotations

import html
import re
import unicodedata
import zlib
from typing import Any, Iterable

__all__ = ["title_key", "author_matches", "date_key", "fold_of", "score_fields", "FIELDS"]

FIELDS = ("title", "author", "date")

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_AUTHOR_SPLIT = re.compile(r"\s*(?:[,;&|]|\band\b)\s*", re.IGNORECASE)
_ROLE_WORDS = frozenset("""
expert director editor editors writer writers ceo cfo cto coo founder cofounder co manager team staff contributor
reporter correspondent columnist author president officer head lead senior sr jr phd md rd ms msc mba
specialist consultant analyst engineer producer chief professor dr years year
""".split())
_ISO = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_WRITTEN = re.compile(r"(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?([a-z]{3,9})\.?\s+(?:(\d{1,2})(?:st|nd|rd|th)?,?\s+)?(\d{4})",
                      re.IGNORECASE)
_CJK_DATE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")


def title_key(title: str | None) -> str:
    """The normalised title (empty for none)."""
    if not title:
        return ""
    text = unicodedata.normalize("NFKC", html.unescape(title)).casefold()
    return _NON_WORD.sub(" ", text).strip()


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", html.unescape(text))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return [w for w in _NON_WORD.split(text) if w]


def _is_person_part(part: str) -> bool:
    words = part.split()
    if not 2 <= len(words) <= 5 or any(c.isdigit() for c in part):
        return False
    for w in words:
        bare = _NON_WORD.sub("", w)
        if bare and bare.isupper() and len(bare) > 1:
            return False  # MS, RD, CEPF
    return not any(w in _ROLE_WORDS for w in _words(part))


def _gold_people(gold: str) -> list[list[str]]:
    parts = [p for p in _AUTHOR_SPLIT.split(html.unescape(gold)) if p and _words(p)]
    if not parts:
        return []
    people = [_words(parts[0])]
    people += [_words(p) for p in parts[1:] if _is_person_part(p)]
    return people


def author_matches(predicted: Any, gold: str | None) -> bool:
    """Whether a predicted author (str, list of str or None) matches the gold (see the module doc)."""
    if isinstance(predicted, (list, tuple)):
        predicted = ", ".join(str(p) for p in predicted if p)
    pred_words = set(_words(predicted)) if isinstance(predicted, str) else set()
    if not gold or not _words(gold):
        return not pred_words
    if not pred_words:
        return False
    gold_words = set(_words(gold))
    if not pred_words <= gold_words:
        return False
    return all(set(person) <= pred_words for person in _gold_people(gold))


def date_key(value: Any) -> str:
    """``YYYY-MM-DD`` of a date in ISO, written-month or Chinese form; ``""`` when unreadable."""
    if not isinstance(value, str) or not value.strip():
        return ""
    text = value.strip()
    for rx in (_ISO, _CJK_DATE):
        m = rx.search(text)
        if m:
            y, mo, d = (int(g) for g in m.groups())
            return f"{y:04d}-{mo:02d}-{d:02d}" if 1 <= mo <= 12 and 1 <= d <= 31 else ""
    m = _WRITTEN.search(text)
    if m:
        day = m.group(1) or m.group(3)
        month = _MONTHS.get(m.group(2).lower()) or next(
            (v for k, v in _MONTHS.items() if k.startswith(m.group(2).lower()) and len(m.group(2)) >= 3), None)
        if day and month:
            return f"{int(m.group(4)):04d}-{month:02d}-{int(day):02d}"
    return ""


def fold_of(site: str | None, folds: int = 5) -> int:
    """The site's fold: CRC-32 of its name modulo ``folds`` (stable across runs and machines)."""
    return zlib.crc32((site or "").encode("utf-8")) % folds


def field_correct(field: str, predicted: Any, gold: Any) -> bool:
    if field == "title":
        return title_key(predicted) == title_key(gold)
    if field == "author":
        return author_matches(predicted, gold)
    if field == "date":
        return date_key(predicted) == date_key(gold)
    raise ValueError(f"unknown metadata field {field!r}")


def score_fields(rows: Iterable[tuple[dict, dict]]) -> dict[str, float]:
    """Mean correctness per field over ``(gold record, predicted fields)`` pairs, and ``n``;
    ``FIELD+`` is the mean over the pages whose gold has a value, ``FIELD-`` over those with none."""
    rows = list(rows)
    out: dict[str, float] = {"n": len(rows)}
    for field in FIELDS:
        ok = [(field_correct(field, pred.get(field), gold.get(field)), bool(gold.get(field))) for gold, pred in rows]
        out[field] = sum(o for o, _ in ok) / len(ok) if ok else 0.0
        for mark, has in (("+", True), ("-", False)):
            part = [o for o, g in ok if g == has]
            out[field + mark] = sum(part) / len(part) if part else 1.0
    return out
