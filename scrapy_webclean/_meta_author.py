"""Authors: people's names from a declared or shown byline.

A byline is cleaned into a list of names: entities decoded, "By" and
"Written by:" (作者, 文/) cut, split at "and", "&", ";", "|", "、" and at
commas between names of two words or more; job titles ("AP Auto Writer",
"Shipping Expert"), credentials ("MS, RD"), handles (``@name``), URLs,
numbers and the site's own name are not authors and are dropped.
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable, Sequence

from ._meta_title import site_key

__all__ = ["clean_authors", "shown_byline", "link_byline", "firm_name", "BYLINE_CLASS", "SiteNames"]

_PREFIX = re.compile(
    r"^(?:(?:written|posted|reviewed|reported|published|authored)\s+)?by\b[\s:]*|^(?:authors?|writer|作者|记者|文)\s*[:：/]\s*"
    r"|^(?:作者|记者|文)\s*(?=\S)", re.IGNORECASE)
_SPLIT = re.compile(r"\s+(?:and|und|et|y|/)\s+|\s*(?:&|;|\||、|，)\s*", re.IGNORECASE)
_COMMA = re.compile(r"\s*,\s*")
#: Words of a job title or a role, not of a name.
_ROLE_WORDS = frozenset("""
writer writers editor editors editorial reporter reporters correspondent correspondents columnist contributor
contributors contributing staff team desk newsroom newsdesk expert experts director manager founder cofounder ceo cfo cto
president officer head chief senior sr specialist consultant analyst producer professor lead associate assistant
intern photographer photographers freelance guest webmaster admin administrator moderator member
责任编辑 编辑 本报记者 通讯员 特约
""".split())
#: Role words that name who wrote an unsigned piece ("Newsdesk"), not a job's label ("Reporter").
_DESKS = frozenset({"staff", "team", "desk", "newsroom", "newsdesk"})
#: A whole byline that names nobody.
_NOBODY = frozenset({"admin", "administrator", "webmaster", "editor", "editors", "staff", "unknown", "anonymous",
                     "guest", "null", "none", "user", "author", "name"})
_CREDENTIAL = re.compile(r"^(?:[A-Z][A-Za-z]?\.?){1,3}[A-Z]\.?$|^[A-Z]{2,6}\b.*\d|^(?:Ph\.?D|M\.?D|Jr|Sr|III?)\.?$")
_HANDLE = re.compile(r"^@|^https?://|^www\.|\.(?:com|org|net|io)$", re.IGNORECASE)
_TRAILER = re.compile(r"\s+(?:on|via)\s+(?:facebook|twitter|x|linkedin|instagram)\b.*$|\s*\(@[^)]*\)$", re.IGNORECASE)
#: Class/id tokens of an element showing a byline.
BYLINE_CLASS = re.compile(r"author|byline|writer|posted-by|postedby", re.IGNORECASE)
#: A date or time in a byline element ("Dec 17", "Sun", "5 min read") is not a name.
_NOT_NAME = re.compile(
    r"\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|"
    r"september|october|november|december|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday|today|yesterday|ago|min|mins)\b|\d{3,}", re.IGNORECASE)
#: Words of page furniture that byline-classed elements hold ("Share", "Comment", "Visit the store").
_UI_WORDS = frozenset("""
share comment comments sponsored shop all visit store about insights from follow more view posts
subscribe sign login log logout reply like likes offline online joined member posted written by the of in on
permalink published and tags tag filed under archive archives profile author contact home menu
""".split())
#: A label that a category or tag list follows ("Posted in", "Filed under:", "Tags:"): what follows
#: it in a byline line is no name.
_CATEGORY_LABEL = re.compile(r"(?:\bfiled\s+under|\bposted\s+in|\btagged(?:\s+with)?|\btags?|\bcategor(?:y|ies))\s*:"
                             r"|\b(?:filed\s+under|posted\s+in)\b", re.IGNORECASE)
#: A company's legal form closing a name ("Idea TV GmbH", "Pocket-lint Ltd"): a firm, not a person.
_LEGAL_FORM = re.compile(r"(?:^|\s)(?:(?:inc|llc|ltd|gmbh|plc|llp|pllc|corp|pty|limited|corporation)\.?|co\.|s\.a\.?)$",
                         re.IGNORECASE)
_LEGAL_COMMA = re.compile(r"\s*,\s*(?=(?:inc|llc|ltd|gmbh|plc|llp|pllc|corp|pty)\b\.?(?:$|[\s,;]))", re.IGNORECASE)
#: Words a firm's name ends with after its owners' names ("Warren Averett CPAs & Advisors").
_FIRM_WORDS = frozenset("""
inc llc ltd gmbh plc llp pllc pc corp co company group law firm cpa cpas advisors advisers associates partners
attorneys lawyers solicitors accountants consulting consultants & and
""".split())
#: A question's, an exclamation's or a cut sentence's mark: a headline's, never a name's.
_HEADLINE_MARK = re.compile(r"[?!…]")
#: Lower-case words a name may hold.
_PARTICLES = frozenset("de da di del della van von der den la le du dos das bin al el y".split())
_TRAILING_NUMBER = re.compile(r"\s+\d[\d,.]*$")
_BY_LINE = re.compile(r"^\s*(?:by|written by|posted by)[\s:]+(\S.{1,80})$", re.IGNORECASE)
#: A byline anywhere on the page (an author box after the article): a strong label.
_STRONG_BY_LINE = re.compile(r"^\s*(?:written|authored|posted)\s+by[\s:]+(\S.{1,60})$|(?:作者|记者)\s*[:：]\s*(\S.{0,30})$",
                            re.IGNORECASE)
#: A piece that is only the label: the name follows in the next piece ("Posted by <a>Name</a>").
#: A byline element's sentence: "This post was written by Name, Head of Marketing."
_TOLD_BY = re.compile(r"\b(?:written|authored)\s+by\s+([^,.;:()|]{3,60})", re.IGNORECASE)
#: The same label anywhere, with more than "By" ("Text by" <a>Name</a> under an essay); not "Posted by",
#: which labels every comment too.
_STRONG_BY_LABEL = re.compile(r"^(?:written|authored|text|words)\s+by\s*:?$", re.IGNORECASE)
_BY_LABEL = re.compile(r"^(?:(?:posted|written|text|words|story|authored)\s+)?by\s*:?$", re.IGNORECASE)
_CJK_ONLY = re.compile(r"^[\u3400-\u9fff\s]+$")
_MAX_AUTHORS = 12


def _is_role(part: str) -> bool:
    words = [w for w in re.split(r"[\W_]+", part.lower()) if w]
    return any(w in _ROLE_WORDS for w in words)


class SiteNames:
    """The site's names as keys: ``declared`` (``og:site_name``, the site part of
    the title) and ``host`` (the host's main label, ``scalzi`` of whatever.scalzi.com)."""

    __slots__ = ("declared", "host")

    def __init__(self, declared: set[str], host: str | None) -> None:
        self.declared = {n for n in declared if n}
        self.host = host or ""

    def named(self, author: str) -> bool:
        """Whether ``author`` is the site: its name, a name inside it ("网易" of "网易财经",
        one word), or a name holding it ("BBC News" of "BBC"). A person's name holding or
        spelling the host's label is a personal site's owner (John Scalzi of scalzi.com),
        not the site."""
        k = site_key(author)
        if not k:
            return True
        one_word = " " not in author.strip()
        if k in self.declared or (k == self.host and one_word):
            return True  # a person's full name as the host is a personal site's owner (cathyhorvathbuchanan.com)
        for n in self.declared | ({self.host} if self.host else set()):
            if one_word and len(n) > len(k) and k in n:
                return True
        return any(len(n) >= 4 and n in k for n in self.declared)


def _is_name(part: str, names: SiteNames | None) -> bool:
    if not part or len(part) > 80 or _HANDLE.search(part) or "@" in part or _NOT_NAME.search(part):
        return False
    letters = sum(c.isalpha() for c in part)
    if letters < 2 or sum(c.isdigit() for c in part) > 3:
        return False
    if part.lower() in _NOBODY or _LEGAL_FORM.search(part) or (names is not None and names.named(part)):
        return False
    return True


def firm_name(sitename: str | None) -> str | None:
    """A firm's name without the words that follow its owners' names: "Warren Averett" of
    "Warren Averett CPAs & Advisors" (the site, when a byline gives it); ``None`` when the
    site's name ends with no such word."""
    words = (sitename or "").replace(",", " ").split()
    cut = len(words)
    while cut > 1 and words[cut - 1].lower().strip(".") in _FIRM_WORDS:
        cut -= 1
    return " ".join(words[:cut]) if 0 < cut < len(words) else None


def _split_names(text: str) -> list[str]:
    out: list[str] = []
    for chunk in _SPLIT.split(text):
        if _CJK_ONLY.match(chunk):
            out.extend(chunk.split())  # "何苗 张梦洁": Chinese names are spaced apart
            continue
        parts = _COMMA.split(chunk)
        if len(parts) == 1:
            out.append(chunk)
            continue
        # "Kaufman, Jeff T." is one name; "Ann Lee, Bob Roe" two; "Ann Lee, MS, RD" one with credentials.
        if len(parts) == 2 and len(parts[0].split()) == 1 and not _CREDENTIAL.match(parts[1]) \
                and not _is_role(parts[1]):
            out.append(chunk)
            continue
        out.extend(parts)
    return out


def clean_authors(value: Any, names: SiteNames | None = None) -> list[str]:
    """People's names in a byline value (a str, or a list of them); ``names``: keys of the site's names."""
    raw = value if isinstance(value, (list, tuple)) else [value]
    found: list[str] = []
    for item in raw[:_MAX_AUTHORS * 2]:
        if not isinstance(item, str):
            continue
        text = " ".join(html.unescape(html.unescape(item)).split())
        if _HANDLE.search(text):
            continue
        text = _TRAILER.sub("", _PREFIX.sub("", _CATEGORY_LABEL.split(text, 1)[0])).strip(" ,;:-–—|")
        text = _LEGAL_COMMA.sub(" ", text)  # "United Design Associates, Inc": one firm
        parts = _split_names(text)
        for i, part in enumerate(parts):
            part = _TRAILING_NUMBER.sub("", _PREFIX.sub("", part)).strip(" ,;:-–—|·~")
            if part.endswith(".") and len(part.split()[-1]) > 2:
                part = part.rstrip(".")  # a full stop, not an initial's ("Jeff T.")
            # A credential follows a name ("Ann Lee, MS, RD"), or is a desk's word ("VoIP and Call Center
            # News Editor"); a byline in capitals alone is a name or a handle ("HOSTLAR").
            later = i or found
            if not part or ((later or len(parts) > 1) and _CREDENTIAL.match(part)) or (
                    later and (_is_role(part) or len(part.split()) > 4 or any(c.isdigit() for c in part))):
                continue
            if i == 0 and _is_role(part) and len(part.split()) > 1 and not found:
                # "AP Auto Writer" alone: a role; a one-word role ("Newsdesk") names a desk.
                continue
            if _is_name(part, names) and part not in found:
                found.append(part)
    return found[:_MAX_AUTHORS]


def _looks_like_name(name: str) -> bool:
    """A shown byline's name: one to four words, capitalised (or one handle), no furniture word
    ("Permalink", "Published"), no ?, ! or … (a headline's)."""
    words = name.split()
    if not 1 <= len(words) <= 4 or _HEADLINE_MARK.search(name) or not all(any(c.isalpha() for c in w) for w in words) \
            or any(w.strip(".,:") in _UI_WORDS for w in re.split(r"[\s-]+", name.lower())) \
            or words[0].lower() == "read":  # "Read Bio", "Read more"; not Richard Read
        return False
    if len(words) == 1:
        return not _is_role(name) or name.lower() in _DESKS  # "Reporter", "Editorial": a job's label
    return all(w[0].isupper() or w.lower() in _PARTICLES or not w[0].isalpha() for w in words)


def _shown_names(found: list[str]) -> bool:
    """Names a shown byline gives: each like a name; of several, one capitalised at least
    ("presentation and recording" is a phrase; "hipstomp / Rain Noe" a handle and a name)."""
    return bool(found) and all(_looks_like_name(n) for n in found) and (
        len(found) == 1 or any(n[0].isupper() or _CJK_ONLY.match(n) for n in found))


def link_byline(text: str) -> bool:
    """Whether an author link's text (``rel="author"``, an ``itemprop="author"`` element's) names
    someone: not its label ("View Profile", "Google profile", "About Us", "Author Archive")."""
    return _shown_names(clean_authors(text))


def _anywhere_byline(k: int, text: str, after_label: bool, marked: Callable[[int], bool]) -> str | None:
    """The name a piece shows wherever it is: "Written by Name", "作者：名"; the piece after a
    label "Written by", "Text by"; "was written by Name, ..." in a byline element."""
    strong = _STRONG_BY_LINE.search(text)
    if strong:
        return strong.group(1) or strong.group(2)
    if after_label and len(text) <= 60:
        return text
    told = _TOLD_BY.search(text)
    return told.group(1) if told and marked(k) else None


def _other_byline(pieces: Sequence[str], found: list[str], names: SiteNames, near: bool = False) -> bool:
    """Whether later pieces show another "Written by" byline naming someone else (``near``: two
    more "By" ones): the page lists others' posts with their bylines (related posts' cards, a
    blog's front page), none of them its own."""
    label, others = False, set()
    for text in pieces:
        if text.isspace() or not text:
            continue
        text = " ".join(text.split())
        strong = _STRONG_BY_LINE.search(text) or (_BY_LINE.match(text) if near else None)
        value = (strong.group(1) or strong.group(2)) if strong else text if label and len(text) <= 60 else None
        label = bool(_STRONG_BY_LABEL.match(text) or (near and _BY_LABEL.search(text)))
        other = clean_authors(value, names) if value else []
        if other != found and _shown_names(other) and all(len(n.split()) >= 2 and n[0].isupper() for n in other):
            others.add(tuple(other))
            if len(others) >= (2 if near else 1):
                return True
    return False


def shown_byline(pieces: Sequence[str], near: range, marked: Callable[[int], bool], names: SiteNames,
                 quoted: Callable[[int], bool] = lambda k: False) -> list[str]:
    """Names from the page's visible byline: ``pieces`` are its text pieces in reading
    order, ``near`` the indexes of those near the headline, ``marked(k)`` whether piece
    ``k`` is in a byline element (asked only where it matters). Near the headline: a byline
    element's text, a line "By Name", or "By" followed by the name; anywhere: "Written by
    Name", "Text by" followed by the name, "作者：名". ``quoted(k)``: piece ``k`` is in code or a quotation, never a byline."""
    label = category = listing = False
    for k, text in enumerate(pieces):
        if quoted(k):
            label = category = False
            continue
        if text.isspace():
            continue
        text = " ".join(text.split())
        if not text:
            continue
        close = k in near
        after_label, label = label, bool(close and _BY_LABEL.search(text) or _STRONG_BY_LABEL.match(text))
        after_category, category = category, bool(_CATEGORY_LABEL.search(text[-20:]))
        value = _anywhere_byline(k, text, after_label and not close, marked)
        if value:
            found = clean_authors(value, names)
            if _shown_names(found):
                if close:
                    return [] if _other_byline(pieces[k + 1:near.stop], found, names, True) else found
                listing = listing or _other_byline(pieces[k + 1:], found, names)
                if not listing:
                    return found
        if not close:
            continue
        if len(text) <= 120 and (after_label or marked(k)) and not after_category:
            found = clean_authors(text, names)
            if _shown_names(found):
                return [] if _other_byline(pieces[k + 1:near.stop], found, names, True) else found
        m = _BY_LINE.match(text)
        if m:
            found = clean_authors(m.group(1), names)
            if found and all(2 <= len(n.split()) <= 4 and n[0].isupper() for n in found):
                return [] if _other_byline(pieces[k + 1:near.stop], found, names, True) else found
    return []
