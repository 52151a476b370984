"""Dates: reading one from text, and finding the one a page shows.

:func:`parse_date` reads ISO (``2015-05-21 05:03:58``), Chinese
(``2015年5月21日``), written-month English (``Aug. 7, 2023``,
``7 August 2023``), numeric (``11-29-2024``: month first unless the first
number cannot be a month) and, given the crawl's time, relative dates
(``3 days ago``, ``yesterday``, ``3天前``, ``昨天``).

:func:`find_dates` finds the dates in a page's visible text, in reading
order, each labelled by the words just before it: published
("Published", "Posted on", "发布时间"), updated ("Updated", "Last
modified", "更新"), another event's ("Sale ends", "Release Date:") or
none. Which one is the page's date is settled in
:mod:`._meta_shown`.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from datetime import date, datetime, timedelta
from typing import Sequence
from urllib.parse import urlsplit

__all__ = ["parse_date", "find_dates", "url_date"]

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
    "nov": 11, "dec": 12,
}
_MONTH = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
#: One alternative per format; named groups tell which matched. No nested
#: quantifiers: linear on any text.
_DATE = re.compile(
    r"(?<![\d.])(?P<y1>(?:19|20)\d\d)\s?(?:[-/.]|年)\s?(?P<m1>\d{1,2})\s?(?:[-/.]|月)\s?(?P<d1>\d{1,2})(?![\d])"
    rf"|\b{_MONTH.replace('(', '(?P<mon2>', 1)}\.?\s{{1,3}}(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s{{1,3}}(?P<y2>(?:19|20)\d\d)\b"
    rf"|\b(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?\s{{1,3}}(?:of\s)?{_MONTH.replace('(', '(?P<mon3>', 1)}\.?,?\s{{1,3}}"
    r"(?P<y3>(?:19|20)\d\d)\b"
    r"|(?<![\d.])(?P<a4>\d{1,2})[-/.](?P<b4>\d{1,2})[-/.](?P<y4>(?:19|20)\d\d)(?!\d)"
    r"|(?P<n5>\d{1,3})\s?(?P<u5>minute|min|hour|hr|day|week|month|year)s?\s(?:ago|back)\b"
    r"|(?P<n6>\d{1,3})\s?(?P<u6>分钟|小时|天|日|周|星期|个月|年)前"
    r"|\b(?P<w7>yesterday|today)\b|(?P<w8>昨天|今天|前天|刚刚)",
    re.IGNORECASE,
)
_UNIT_DAYS = {"minute": 0, "min": 0, "hour": 0, "hr": 0, "day": 1, "week": 7, "month": 30, "year": 365,
              "分钟": 0, "小时": 0, "天": 1, "日": 1, "周": 7, "星期": 7, "个月": 30, "年": 365}
_WORD_DAYS = {"today": 0, "yesterday": 1, "今天": 0, "刚刚": 0, "昨天": 1, "前天": 2}
#: Labels just before a date (no sentence break between: "发布公告，2010年" is prose).
_PUBLISHED = re.compile(r"(?:publish|posted|released|发布|发表)[^\n,，。;；!?！？]{0,14}$", re.IGNORECASE)
_UPDATED = re.compile(r"(?:updat|modif|edited|revised|refreshed|reviewed|更新|修改|编辑于)[^\n,，。;；!?！？]{0,14}$",
                      re.IGNORECASE)
#: Labels of another event's day: a sale's or offer's end, a deadline, a software release.
_OTHER = re.compile(r"\b(?:ends?|ending|expires?|expiry|until|deadline|due|valid|starts?|begins?|closes?|"
                    r"release\s+date)\W{0,3}$", re.IGNORECASE)
#: Where a date may be: a number or a day word (the two never overlap, so they are found
#: apart, each pattern with a first character the engine can skip to); a written month may
#: start this far before its number.
_NUMBER = re.compile(r"\d+")
_DAY_WORD = re.compile(r"[yY](?i:esterday)|[tT](?i:oday)|昨天|今天|前天|刚刚")
_BEFORE_NUMBER, _AFTER_NUMBER = 14, 30
#: What every date holds: a year's first two digits ("19" or "20" before two more digits), or
#: a relative date's word ("ago", "back", "today", "yesterday", "前", "今天", "刚刚", "昨天"; the
#: patterns find a few more, which costs a search, never a date). A span without one holds no date.
_KEYS = (re.compile(r"(?:19|20)(?=\d\d)"), re.compile(r"[aAbBtTyY](?i:go|ack|oday|esterday)"),
         re.compile(r"[前今刚昨]"))
#: A permalink's day in a URL's path: ``/2012/11/05/``, ``/2025-12-17-title``.
_URL_DATE = re.compile(r"/((?:19|20)\d\d)([/-])(\d\d)\2(\d\d)(?:[/-]|\.html?|$)")
#: Characters of visible text searched at most (a long page's dates further on are its content's).
_MAX_SCAN = 200_000


def _ymd(y: int, m: int, d: int, reference: date | None) -> str | None:
    try:
        day = date(y, m, d)
    except ValueError:
        return None
    latest = (reference or date.today()) + timedelta(days=2)
    if day.year < 1990 or day > latest:
        return None
    return day.isoformat()


def _from_match(m: re.Match, reference: date | None) -> str | None:
    g = m.groupdict()
    if g["y1"]:
        return _ymd(int(g["y1"]), int(g["m1"]), int(g["d1"]), reference)
    if g["y2"]:
        return _ymd(int(g["y2"]), _MONTHS[g["mon2"][:3].lower()], int(g["d2"]), reference)
    if g["y3"]:
        return _ymd(int(g["y3"]), _MONTHS[g["mon3"][:3].lower()], int(g["d3"]), reference)
    if g["y4"]:
        a, b = int(g["a4"]), int(g["b4"])
        month, day = (a, b) if a <= 12 else (b, a)
        return _ymd(int(g["y4"]), month, day, reference)
    if reference is None:
        return None
    if g["n5"] or g["n6"]:
        n, unit = (int(g["n5"]), g["u5"].lower()) if g["n5"] else (int(g["n6"]), g["u6"])
        back = reference - timedelta(days=n * _UNIT_DAYS[unit])
        return back.isoformat() if back.year >= 1990 else None
    word = (g["w7"] or g["w8"]).lower()
    return (reference - timedelta(days=_WORD_DAYS[word])).isoformat()


def _as_date(reference: date | datetime | str | None) -> date | None:
    if reference is None or isinstance(reference, date) and not isinstance(reference, datetime):
        return reference
    if isinstance(reference, datetime):
        return reference.date()
    m = _DATE.search(reference)
    value = _from_match(m, None) if m else None
    return date.fromisoformat(value) if value else None


def parse_date(text: str | None, reference: date | datetime | str | None = None) -> str | None:
    """The first date in ``text`` as ``YYYY-MM-DD`` (``None`` when there is none).

    ``reference`` (the crawl's time) resolves relative dates and bounds the
    future (a date more than two days after it is not a publication date).

    >>> parse_date("2015-05-21 05:03:58 来源: 网易")
    '2015-05-21'
    >>> parse_date("Published Aug. 7, 2023"), parse_date("2015年5月21日")
    ('2023-08-07', '2015-05-21')
    >>> parse_date("3 days ago", reference="2025-12-20")
    '2025-12-17'
    """
    if not text:
        return None
    ref = _as_date(reference)
    for m in _DATE.finditer(text[:2000]):
        value = _from_match(m, ref)
        if value:
            return value
    return None


def url_date(url: str | None, reference: date | None = None) -> str | None:
    """The day a URL's path names (``https://x.com/2012/11/05/slug`` gives ``2012-11-05``), or ``None``.

    >>> url_date("https://blog.apnic.net/2025/12/19/is-it-dns/"), url_date("https://x.com/p?d=2025/12/19/")
    ('2025-12-19', None)
    """
    if not url:
        return None
    path = urlsplit(url).path if "://" in url else url.split("?")[0]
    m = _URL_DATE.search(path)
    return _ymd(int(m.group(1)), int(m.group(3)), int(m.group(4)), reference) if m else None


def _anchors(text: str) -> list[tuple[int, int]]:
    """Spans of the numbers and day words of ``text``, in order."""
    spans = [m.span() for m in _NUMBER.finditer(text)]
    low = text.lower()  # a cheap test first: most pages name no day ("ſ" folds to "s" only in the pattern)
    if "yesterday" in low or "today" in low or "ſ" in text or any(w in text for w in ("昨天", "今天", "前天", "刚刚")):
        spans += [m.span() for m in _DAY_WORD.finditer(text)]
        spans.sort()
    return spans


def _dates_in(text: str):
    """``_DATE`` matches in ``text``, found from its numbers and day words (the
    full pattern tried only around them: a scan of every position is slow),
    and only where the span holds a year or a relative date's word (most
    numbers on a page are not dates)."""
    keys = sorted(k.start() for rx in _KEYS for k in rx.finditer(text))
    if not keys:
        return
    last = len(keys)
    done = 0
    for start, stop in _anchors(text):
        if start < done:
            continue
        lo, hi = max(done, start - _BEFORE_NUMBER), stop + _AFTER_NUMBER
        k = bisect_left(keys, lo)
        m = _DATE.search(text, lo, hi) if k < last and keys[k] < hi else None
        if m is not None and m.start() <= start:
            done = m.end()
            yield m
        else:
            done = stop


def find_dates(pieces: Sequence[str], reference: date | None = None) -> list[tuple[int, str, str]]:
    """Dates in a sequence of text pieces read in order: ``(offset, day, label)``.

    ``offset`` counts characters of the pieces joined by newlines; ``label``
    is ``published``, ``updated``, ``other`` (another event's: "Sale ends",
    "Release Date:") or ``""`` from the words just before the date. One regular-expression scan over the joined text (its first
    :data:`_MAX_SCAN` characters).
    """
    text = "\n".join(pieces)[:_MAX_SCAN]
    out: list[tuple[int, str, str]] = []
    for m in _dates_in(text):
        value = _from_match(m, reference)
        if not value:
            continue
        context = text[max(0, m.start() - 40):m.start()].replace("\n", " ")
        label = "updated" if _UPDATED.search(context) else "published" if _PUBLISHED.search(context) \
            else "other" if _OTHER.search(context) else ""
        out.append((m.start(), value, label))
    return out
