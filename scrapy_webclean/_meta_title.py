"""The page's title: its headline as the page shows it, without the site's name.

Pages declare a title (``og:title``, JSON-LD ``headline``, ``<title>``),
usually with the site's name glued on, and show a headline (``<h1>``),
sometimes the site's logo in an ``<h1>`` too. An ``<h1>`` in a dialog over
the page or in its footer is no headline (:func:`over_page`); one that only
links to the site's home page is its logo, whose text names the site
(:func:`links_home`). The title is the shown headline that agrees with a
declared title (same words, or most of them), else a shown headline that is
one segment of a declared title, or whose words begin one, else the declared
title with the site's name stripped - or, when the page shows a headline
that is not its title (a slogan), its ``<title>`` whole.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any, Sequence
from urllib.parse import urljoin, urlsplit

from ._parse import DIALOG_ROLES
from ._title_repair import TITLE_END, run_on
from ._walk import text_content

if TYPE_CHECKING:
    from ._document import Document

__all__ = ["browser_title", "strip_site_suffix", "choose_title", "site_key", "is_site_name", "site_names",
           "title_site_parts", "over_page", "links_home"]

#: Separators between a page title and its site name. A colon only counts
#: when the other side is the site's name (``Brexit: the deal`` stays whole).
_TITLE_SEPARATORS = re.compile(r"\s+(?:\||–|—|-|::|·|»|«|/|•)\s+|\s*(?:\||｜|_)\s*(?=\S)")
#: Separators strong enough to strip an outer part that names no known site.
_STRONG_SEPARATOR = re.compile(r"\||｜|\s[–—»«·•]\s|::|_")
_COLON = re.compile(r"\s*[:：]\s+")
#: Where a declared title's segments part (its separators and colons).
_SEGMENT = re.compile(_TITLE_SEPARATORS.pattern + r"|\s*[:：]\s+")
_WORD_SPLIT = re.compile(r"[\W_]+")
#: How much of a headline's words a declared title must share for the headline to be the title.
_AGREEMENT = 0.5
#: Words a label glued before or after the declared title may have ("Thread:", "Blog:", a brand).
_LABEL_WORDS = 4
#: Headlines read at most (a page's later h1 are section titles).
_MAX_HEADLINES = 5
#: Containers whose headings are not the page's headline (and those with a dialog's role, DIALOG_ROLES).
_NOT_HEADLINE_TAGS = frozenset({"dialog", "footer"})


def browser_title(title: str | None) -> str | None:
    """The ``<title>`` as a browser's tab shows it: cut at a misspelt closing tag (``</titlevalue=``,
    which the parser reads past); ``None`` when it was left open and runs into the page's markup
    (the parser reads the rest of the source as its text, the browser shows a page with no title),
    so that the other titles (``og:title``, the ``<h1>``) name the page."""
    if not title or "<" not in title:
        return title
    end = TITLE_END.search(title)
    if end:
        return " ".join(title[:end.start()].split()) or None
    return None if run_on(title) else title


def over_page(doc: Document, i: int, over: dict[int, bool]) -> bool:
    """Whether heading ``i`` is in a dialog opened over the page (a consent banner's, a search
    box's, a sign-up form's) or in the page's footer: never the page's headline. ``over``: the
    answer for the elements looked at before (each one and its ancestors), so that an element is
    looked at once, however many headings it holds (a hostile page nests hundreds)."""
    parent, nodes = doc.parent, doc.nodes
    path = []
    a = parent[i]
    while a >= 0 and a not in over:
        path.append(a)
        a = parent[a]
    found = over.get(a, False)
    for a in reversed(path):
        if not found:
            el = nodes[a]
            found = el.tag in _NOT_HEADLINE_TAGS or el.get("aria-modal") == "true" or el.get("role") in DIALOG_ROLES
        over[a] = found
    return found


def links_home(el: Any, url: str | None) -> bool:
    """Whether all of a heading's text links to the site's home page (the root, or a path the
    page's own path lies under: ``/blog`` of ``/blog/2012/post``): a site's logo, ``<h1><a
    href="/">Web Ink Now</a></h1>``, not a post's headline linked to its permalink."""
    anchors = list(el.iter("a"))
    if not anchors:
        return False
    words = len(text_content(el).split())
    linked = 0
    page = urlsplit(url or "")
    here = page.path.rstrip("/") + "/"
    for a in anchors:
        href = (a.get("href") or "").strip()
        if not href:
            continue
        try:
            link = urlsplit(urljoin(url or "", href))
        except ValueError:
            return False
        path = link.path.rstrip("/") + "/"
        same_site = link.netloc.lower().removeprefix("www.") == page.netloc.lower().removeprefix("www.")
        if not (path == "/" or (same_site and here.startswith(path) and here != path)):
            return False
        linked += len(text_content(a).split())
    return 0 < words <= linked


def _clean(value: str | None) -> str | None:
    """Whitespace collapsed; entities a CMS escaped twice (``&amp;reg;``, ``&#038;``) decoded."""
    if not isinstance(value, str):
        return None
    if "&" in value:
        value = html.unescape(value)
    return " ".join(value.split()) or None


def site_names(sitename: str | None, host: str | None, also: Sequence[str] = ()) -> set[str]:
    """Keys of the site's names: its declared name, its host's main label and ``also``."""
    names = {site_key(sitename)} if sitename else set()
    names.update(site_key(n) for n in also)
    if host:
        names.add(site_key(host.split(".")[-2] if host.count(".") >= 1 else host))
    names.discard("")
    return names


def strip_site_suffix(title: str | None, sitename: str | None = None, host: str | None = None,
                      also: Sequence[str] = ()) -> str | None:
    """The title without a leading or trailing site name.

    Splits at ``|``, ``–``, ``—``, `` - `` (and ``:`` only when one side is
    the site's name); keeps the longest part that is not the site name.
    """
    title = _clean(title)
    if not title:
        return None
    return _strip_names(title, site_names(sitename, host, also))


def _strip_names(title: str, names: set[str]) -> str:
    """:func:`strip_site_suffix` of a cleaned title, the site's name keys given."""
    parts = [p for p in _TITLE_SEPARATORS.split(title) if p.strip()]
    if len(parts) > 1:
        kept = [p for p in parts if not is_site_name(p, names)]
        if kept and len(kept) < len(parts):
            return max(kept, key=len).strip() if len(kept) > 1 else kept[0].strip()
        # No part names the site: the site name is the short outer part.
        first, last = parts[0], parts[-1]
        if not _STRONG_SEPARATOR.search(title) or min(len(first), len(last)) > 40:
            return title
        if len(last) <= len(first):
            return " ".join(title[: title.rfind(last)].split()).rstrip(" |–—-:·»«/_｜•") or title
        return " ".join(title[len(first):].split()).lstrip(" |–—-:·»«/_｜•") or title
    if names:
        cparts = _COLON.split(title, maxsplit=1)
        if len(cparts) == 2:
            if is_site_name(cparts[0], names):
                return cparts[1].strip()
            if is_site_name(cparts[1], names):
                return cparts[0].strip()
    return title


def site_key(s: str) -> str:
    """Lower case, letters and digits only."""
    return _WORD_SPLIT.sub("", s.lower())


def is_site_name(part: str, names: set[str]) -> bool:
    """Whether ``part`` is (close to) one of the site's name keys."""
    k = site_key(part)
    if not k:
        return True
    return any(k == n or (len(n) >= 4 and (n in k or k in n) and len(k) <= len(n) + 12) for n in names)


def _words(s: str) -> list[str]:
    return [w for w in _WORD_SPLIT.split(s.lower()) if w]


def _agreement(headline: list[str], declared: list[str]) -> float:
    """Shared words over all words of the two (1.0 when one's words run inside the other's)."""
    if not headline or not declared:
        return 0.0
    h, d = " ".join(headline), " ".join(declared)
    if h == d or (f" {h} " in f" {d} " and len(h) >= len(d) / 2):
        return 1.0
    a, b = set(headline), set(declared)
    return len(a & b) / len(a | b)


def _glued_label(headline: list[str], declared: list[str]) -> bool:
    """The headline is the declared title with a few words glued before or after it."""
    extra = len(headline) - len(declared)
    return 0 < extra <= _LABEL_WORDS and len(declared) >= 2 and (
        headline[extra:] == declared or headline[:len(declared)] == declared)


def _segment_headline(headlines: Sequence[str], declared: Sequence[str], names: set[str]) -> str | None:
    """A headline that is one segment of a declared title ("Models" of "Models | Django
    documentation | Django", "Hiking Boots" of "Hiking Boots: Shop Boots for Hiking")."""
    segments = {site_key(p) for d in declared for p in _SEGMENT.split(d) if p.strip()}
    for text in headlines[:_MAX_HEADLINES]:
        h = " ".join(text.split())
        if h and len(h) <= 300 and site_key(h) in segments and not is_site_name(h, names):
            return h
    return None


def _lead_headline(headlines: Sequence[str], declared: Sequence[str], names: set[str]) -> str | None:
    """A headline whose words begin a declared title that goes on in the same part, a qualifier
    of the name the page shows: "Headlamps" of "Headlamps for Camping, Hiking & Running | REI
    Co-op", "NBA Standings 2025-26" of "NBA Standings - 2025-26 season - ESPN". Not a headline
    the declared title parts from at a separator: a blog's name ("danah boyd | apophenia" of
    "danah boyd | apophenia » omg girls' bodies..."), a section's ("SFGate: Daily Dish")."""
    for text in headlines[:_MAX_HEADLINES]:
        h = " ".join(text.split())
        hw = _words(h)
        if not hw or len(h) > 300 or is_site_name(h, names):
            continue
        lead = re.compile(r"[\W_]*" + r"[\W_]+".join(map(re.escape, hw)) + r"(?![^\W_])", re.IGNORECASE)
        for d in declared:
            m = lead.match(d)
            if m and d[m.end():].strip() and not _SEGMENT.match(d, m.end()):
                return h
    return None


def choose_title(headlines: Sequence[str], declared: Sequence[str], sitename: str | None = None,
                 host: str | None = None, page_title: str | None = None,
                 site_headings: Sequence[str] = ()) -> tuple[str | None, str | None]:
    """The title from the page's ``<h1>`` texts, its declared titles (best first) and its
    ``<title>``: ``(title, heading)``, ``heading`` the title as the headline reads (the same
    but when no headline agrees with a declared title, see :func:`_unshown_title`)."""
    names = site_names(sitename, host, site_headings)
    done: dict[str, str | None] = {}  # pages declare the same title in several tags
    for d in declared:
        if d not in done:
            cleaned = _clean(d)
            done[d] = _strip_names(cleaned, names) if cleaned else None
    stripped = [s for s in map(done.__getitem__, declared) if s]
    fallback = stripped[0] if stripped else None
    best, best_score, best_declared = None, 0.0, None
    words = [_words(s) for s in stripped] if headlines else []
    for text in headlines[:_MAX_HEADLINES]:
        h = " ".join(text.split())
        if not h or len(h) > 300 or is_site_name(h, names):
            continue
        hw = _words(h)
        for s, sw in zip(stripped, words):
            score = _agreement(hw, sw)
            if score > best_score:
                best, best_score, best_declared = h, score, s
    if best is None or best_score < _AGREEMENT:
        segment = _segment_headline(headlines, declared, names)
        if segment:
            return segment, segment
        lead = _lead_headline(headlines, declared, names)
        if lead:
            return lead, fallback
        if fallback is None and (headlines or site_headings):
            first = next((" ".join(t.split()) for t in (*headlines, *site_headings) if t.strip()), None)
            return (first[:300], first[:300]) if first else (None, None)
        return _unshown_title(headlines, page_title, names) or fallback, fallback
    if best_declared and _glued_label(_words(best), _words(best_declared)):
        # A run of the declared title's segments ("Gym Workouts for Beginners — Strength Training"
        # of "... — Strength Training - Gold's Gym") is the title as shown; other words are a label's.
        shown = _clean(best) or best
        key = site_key(shown)
        title = shown if any(key in site_key(_clean(d) or "") for d in declared) else best_declared
        return title, best_declared
    return _without_prefix(best, declared) or best, best


def _without_prefix(headline: str, declared: Sequence[str]) -> str | None:
    """A declared title that is the headline without a forum's prefix label, when a declared
    title shows that label as its own first segment: "News - Digital Cameras: ..." (``og:title``)
    and "Digital Cameras: ..." (JSON-LD ``headline``) under the headline "News Digital Cameras: ...".
    A shorter declared title alone ("Possible Tsunami Debris" under "Officials Eyeing Possible
    Tsunami Debris") is a shortened headline, not the title."""
    words = _words(headline)
    labels: set[tuple[str, ...]] | None = None  # read when a declared title is the headline's end
    for d in declared:
        bare = _clean(d)
        dw = _words(bare or "")
        extra = len(words) - len(dw)
        if len(dw) >= 2 and 0 < extra <= _LABEL_WORDS and words[extra:] == dw:
            if labels is None:
                labels = {tuple(_words(parts[0])) for d in declared if len(parts := _SEGMENT.split(d, 1)) == 2}
            if tuple(words[:extra]) in labels:
                return bare
    return None


def _unshown_title(headlines: Sequence[str], page_title: str | None, names: set[str]) -> str | None:
    """The ``<title>`` as the browser shows it (site name kept) of a page whose ``<h1>`` is not its
    title - a slogan ("Make anything possible, all in Figma"), a section's heading ("Coupons") -
    none agreeing with a declared title: such a page is named by its ``<title>`` whole.
    ``None`` when it has no such headline (then its declared title without the site's name)."""
    title = _clean(page_title)
    if not title or site_key(title) in names:
        return None
    shown = any(h.strip() and len(h) <= 300 and not is_site_name(h, names) for h in headlines[:_MAX_HEADLINES])
    return title if shown else None


def title_site_parts(declared: Sequence[str], title: str | None) -> set[str]:
    """Keys of the parts of the declared titles that the title left out (the site's name, mostly)."""
    key = site_key(title or "")
    out = set()
    for d in declared:
        for part in _TITLE_SEPARATORS.split(d):
            k = site_key(part)
            if k and len(k) >= 2 and k not in key and len(part.split()) <= 5:
                out.add(k)
    return out
