"""``auto``'s phrase sets and their keyword prefilters stay in step.

``_mark`` searches a phrase set's alternatives (legal, credit, promo) only when
one of the hand-kept keywords beside it occurs in the lower-cased text, and an
alternative that spells keywords out only when one of those does
(``PhraseIndex``). So every string a regex can match must contain one of its
keywords (one it spells, for such an alternative), or that phrase never fires.
The regexes are walked with Python's own regex parser: each branch gives
representative match strings, and each must hold a keyword.

Left out: characters that IGNORECASE equates with a pattern's letter but
that lower-case to something else (Turkish "İ" and "ı" for "i", "ſ" for "s"):
"PRİVACY POLİCY" matches the legal regex yet holds no keyword once lowered.
"""

from __future__ import annotations

import itertools
import re
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from _emulated import emulated_regex, module_copy
from scrapy_webclean.extractors import _auto_phrases as w

if sys.version_info >= (3, 11):
    from re import _constants as sre_c, _parser as sre_parse  # type: ignore[attr-defined]  # (no stubs)
else:  # the 3.10 run of .ci/run
    import sre_constants as sre_c
    import sre_parse

#: More representatives than this from one pattern: a walk that grew by accident.
_LIMIT = 5000
#: Characters tried, in order, for a character class, ``.`` or a negated literal;
#: whitespace first, so that a keyword's space is not taken for any ``\s``.
_CANDIDATES = "\t 0_a-x\x00"
_CATEGORIES = {
    sre_c.CATEGORY_DIGIT: r"\d", sre_c.CATEGORY_NOT_DIGIT: r"\D",
    sre_c.CATEGORY_SPACE: r"\s", sre_c.CATEGORY_NOT_SPACE: r"\S",
    sre_c.CATEGORY_WORD: r"\w", sre_c.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = {sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, getattr(sre_c, "POSSESSIVE_REPEAT", sre_c.MAX_REPEAT)}
#: Zero-width items: anchors, ``\b`` and lookarounds add no characters to a match.
_ZERO_WIDTH = {sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT}

#: Each phrase set: its regex, its keywords and the mark it gives, in ``_PHRASES``' order.
SETS = {
    "legal": (w._BOILERPLATE_RE, w._LEGAL_KEYWORDS, w._MARK_LEGAL),
    "credit": (w._CREDIT_RE, w._CREDIT_KEYWORDS, w._MARK_CREDIT),
    "promo": (w._PROMO_RE, w._PROMO_KEYWORDS, w._MARK_PROMO),
}
#: The three sets in one search: what ``_mark``'s index of their alternatives must find (the leftmost
#: phrase of any set, the earlier set at one place).
UNION = re.compile("|".join(f"(?P<{name}>{regex.pattern})" for name, (regex, _, _) in SETS.items()), re.IGNORECASE)


def _in_class(ch: str, items: list[tuple[Any, Any]]) -> bool:
    for op, av in items:
        if (op is sre_c.LITERAL and ch == chr(av)) or (op is sre_c.RANGE and av[0] <= ord(ch) <= av[1]) \
                or (op is sre_c.CATEGORY and re.fullmatch(_CATEGORIES[av], ch)):
            return True
    return False


def _class_chars(items: list[tuple[Any, Any]]) -> list[str]:
    """Every literal of a character class (a branch of single characters is
    parsed into one), one character for each range or category; one character
    outside it when negated."""
    if items and items[0][0] is sre_c.NEGATE:
        return [next(ch for ch in _CANDIDATES if not _in_class(ch, items[1:]))]
    chars = []
    for op, av in items:
        if op is sre_c.LITERAL:
            chars.append(chr(av))
        else:
            chars.append(next(ch for ch in _CANDIDATES if _in_class(ch, [(op, av)])))
    return chars


def _item(op: Any, av: Any) -> list[str]:
    if op is sre_c.LITERAL:
        return [chr(av)]
    if op is sre_c.NOT_LITERAL:
        return [next(ch for ch in _CANDIDATES if ch != chr(av))]
    if op is sre_c.ANY:
        return [_CANDIDATES[0]]
    if op is sre_c.IN:
        return _class_chars(av)
    if op in _ZERO_WIDTH:
        return [""]
    if op is sre_c.BRANCH:
        return [s for branch in av[1] for s in representatives(branch)]
    if op is sre_c.SUBPATTERN:
        return representatives(av[-1])
    if op in _REPEATS:
        low, high, sub = av
        # The fewest repetitions, and one more: a keyword that spans a
        # repeat when it is absent (or once) may not when it is there (twice).
        counts = [low] if high == low else [low, low + 1]
        once = representatives(sub)
        return [s for n in counts for s in _product([once] * n)]
    raise NotImplementedError(f"phrase regex item not walked: {op} {av!r}")


def _product(choices: list[list[str]]) -> list[str]:
    """Every concatenation of one string from each list, in order."""
    out = [""]
    for strings in choices:
        out = [a + b for a, b in itertools.product(out, strings)]
        if len(out) > _LIMIT:
            raise ValueError(f"more than {_LIMIT} representatives: simplify the walk or raise the limit")
    return out


def representatives(parsed: Any) -> list[str]:
    """Representative match strings of a parsed pattern (a sequence of items)."""
    return _product([_item(op, av) for op, av in parsed])


def pattern_representatives(regex: re.Pattern[str]) -> list[str]:
    return representatives(sre_parse.parse(regex.pattern, regex.flags))


def without_keyword(regex: re.Pattern[str], keywords: tuple[str, ...]) -> list[str]:
    return [s for s in pattern_representatives(regex) if not any(k in s.lower() for k in keywords)]


def test_walk_enumerates_branches_repeats_and_classes() -> None:
    got = pattern_representatives(re.compile(r"^(?:ab|c)d?\d{2}\b|[xy]\s+z"))
    assert sorted(got) == ["ab00", "abd00", "c00", "cd00", "x\t\tz", "x\tz", "y\t\tz", "y\tz"]


def test_walk_finds_an_alternative_without_keyword() -> None:
    """What the test below guards against: a phrase added to a regex, its keyword forgotten."""
    grown = re.compile(w._PROMO_RE.pattern + r"|join our (?:mailing list|community)", re.IGNORECASE)
    missed = without_keyword(grown, w._PROMO_KEYWORDS)
    assert {"join our mailing list", "join our community"} <= set(missed)


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_phrase_holds_a_keyword(name: str) -> None:
    regex, keywords, _ = SETS[name]
    assert all(k == k.lower() for k in keywords), "_mark compares keywords with the lower-cased text"
    reps = pattern_representatives(regex)
    assert all(regex.search(s) for s in reps), "the walk made a string its regex does not match"
    assert without_keyword(regex, keywords) == [], f"add a keyword to {name}'s tuple for these phrases"


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_keyword_is_used(name: str) -> None:
    """A keyword no phrase contains only costs a substring test on every block."""
    regex, keywords, _ = SETS[name]
    reps = [s.lower() for s in pattern_representatives(regex)]
    assert [k for k in keywords if not any(k in s for s in reps)] == []


def test_the_index_holds_each_set_s_alternatives_in_order() -> None:
    """``_PHRASES`` splits each set into its alternatives, in order: together they match what the
    set matches; the marks follow the sets; the legal index of long blocks is the legal set's."""
    from scrapy_webclean.extractors._literals import alternatives

    assert [mark for _, _, mark in SETS.values()] == list(w._SET_MARKS)
    numbered = list(enumerate(SETS.values()))
    split = [(number, alternative) for number, (regex, _, _) in numbered for alternative in alternatives(regex.pattern)]
    assert [w._PHRASES.set_of(a) for a in range(len(split))] == [number for number, _ in split]
    for number, (regex, _, _) in numbered:
        joined = re.compile("|".join(alt for n, alt in split if n == number), regex.flags)
        assert sorted(pattern_representatives(joined)) == sorted(pattern_representatives(regex))
    legal = alternatives(w._BOILERPLATE_RE.pattern)
    assert [w._LEGAL_PHRASES.set_of(a) for a in range(len(legal))] == [0] * len(legal)


@pytest.mark.parametrize("name", sorted(SETS))
def test_an_alternative_that_spells_keywords_holds_one_of_them(name: str) -> None:
    """The index tries an alternative that spells out some of its set's keywords only where one of
    those occurs: every string it matches must hold one (else spell none, or split it)."""
    from scrapy_webclean.extractors._literals import alternatives

    regex, keywords, _ = SETS[name]
    spelling = 0
    for alternative in alternatives(regex.pattern):
        spelled = tuple(k for k in keywords if k in alternative.lower())
        if spelled:
            spelling += 1
            missed = without_keyword(re.compile(alternative, regex.flags), spelled)
            assert missed == [], f"{alternative!r} matches strings without {spelled}"
    assert spelling > 0


@pytest.mark.parametrize("name", sorted(SETS))
def test_mark_lets_every_phrase_through(name: str) -> None:
    """The prefiltered ``_mark`` gives what one unfiltered search would, on every representative
    (and a long block, where only the legal set counts, is legal when it holds a legal phrase)."""
    regex, _, mark = SETS[name]
    for s in pattern_representatives(regex):
        if len(s.strip()) >= 2:
            found = UNION.search(s.strip())
            assert found is not None and w._mark(s) == SETS[found.lastgroup or ""][2], s
        if mark == w._MARK_LEGAL:
            # (After a full stop: "copyright" followed by a lower-case word is prose, not a notice.)
            assert w._mark(f"{s}. {'z' * 300}") == w._MARK_LEGAL, s


def test_literal_union_finds_a_keyword_exactly_where_one_occurs() -> None:
    """The trie pattern agrees with testing each keyword in turn; ``_mark``'s prefilters (the union
    of the keywords' anchors) find every keyword."""
    from scrapy_webclean.extractors._literals import literal_union

    words = ("cookie", "cookies policy", "co", "privacy", "read more", "rechte vorbehalten", "图片来源")
    pattern = literal_union(words)
    texts = ("", "c", "co", "coo", "a cookie jar", "privac", "we respect your privacy", "read mor",
             "read more »", "alle rechte vorbehalten", "图片来源：新华社", "no keyword here")
    for text in texts:
        assert (pattern.search(text) is not None) == any(w in text for w in words), text
    assert literal_union([]).search("any text") is None
    sets = (w._LEGAL_KEYWORDS, w._CREDIT_KEYWORDS, w._PROMO_KEYWORDS)
    for text in [k for s in sets for k in s] + [f"x {k} y" for s in sets for k in s] + ["nothing to see"]:
        hit = {w._PHRASES.set_of(a) for a in w._PHRASES.candidates(text)}
        assert hit == {number for number, s in enumerate(sets) if any(k in text for k in s)}, text
    for k in w._LEGAL_KEYWORDS:
        assert w._LEGAL_PHRASES.candidates(f"x {k} y"), k
    assert w._LEGAL_PHRASES.candidates("nothing to see") == []


def test_anchors_are_pieces_of_their_words() -> None:
    """Each anchor is a piece of its word (so a text holding the word holds it), of four characters or more."""
    from scrapy_webclean.extractors._literals import anchors

    words = ("cookie", "co", "read more", "rechte vorbehalten", "图片来源", "©", "more from")
    for word, anchor in zip(words, anchors(words)):
        assert anchor in word and len(anchor) >= min(4, len(word)), (word, anchor)


def test_every_date_hint_holds_a_digit() -> None:
    """``_is_dateline`` asks for a digit before it searches for a date hint: every string the hint
    pattern can match holds one."""
    reps = pattern_representatives(w._DATE_HINT)
    assert reps and all(w._DIGIT.search(s) for s in reps)


#: Lines a dateline test reads: datelines, bylines and stamps, and lines that only look like one.
_DATELINE_SAMPLES = (
    "Posted on March 3, 2024 at 5:27 pm", "Updated 3 hours ago", "Mon, 03 Mar 2024 14:05:00 GMT", "5 min read",
    "03.03.2024 | 14:05 Uhr", "Veröffentlicht am 3. März 2024", "Publié le 3 mars 2024 à 14h05",
    "Publicado el 3 de marzo de 2024", "2024年3月3日 星期日 下午2:05", "发布时间：2024-03-03 14:05",
    "vor 3 Stunden", "il y a 3 heures", "Jan 3rd, 2024 · 4 min read", "Lesedauer: 4 Minuten",
    "March 3, 2024 by John Miller", "3 comments", "Page 2 of 7", "Chapter 12: March 3, 1944",
    "Share 2024", "2024", "May 2024 at a glance", "Edited 12/03/2024 by moderator", "12:30 - 13:45",
    "Stand: 03.03.2024, 14:05", "on 3/3/24", "at 9 a.m.", "— 3 March 2024 —", "Q3 2024 results",
    "2024-03-03 11:55:08 来源: 网易商业报道", "发布时间：2024-03-03 10:30 来源：新华网", "本文来源：每日经济新闻 作者：张三",
    "据新华社报道 来源：新华网",
)


def test_a_dateline_s_pieces_alone_are_found_as_taking_them_out_finds_them() -> None:
    """``_DATELINE_ONLY`` matches a whole text exactly where taking every ``_DATE_WORDS`` match out
    of it leaves white space only (one scan that stops at the first other word, for a removal and a
    split): on the samples, every short line of the test pages, and the pattern's representatives
    alone, in pairs and run together."""
    pages = Path(__file__).parent / "pages"
    lines = [line.strip() for page in sorted(pages.glob("*.html"))
             for line in re.sub(r"<[^>]*>", "\n", page.read_text(encoding="utf-8", errors="replace")).splitlines()
             if 0 < len(line.strip()) < 80]
    reps = pattern_representatives(w._DATE_WORDS)
    texts = [*_DATELINE_SAMPLES, *lines, *reps, *(f"{a} {b}" for a, b in itertools.product(reps[:40], repeat=2)),
             *(a + b for a, b in itertools.product(reps[:40], repeat=2))]
    assert len(lines) > 100
    for text in texts:
        assert (w._DATELINE_ONLY.fullmatch(text) is not None) == (not w._DATE_WORDS.sub("", text).split()), text


def test_a_dateline_is_read_alike_before_python_3_11(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before 3.11 the dateline scan's atomic group is emulated (lookahead and backreference): built
    that way here, it reads each sample as the native pattern does."""
    monkeypatch.setitem(sys.modules, "scrapy_webclean._regex", emulated_regex())
    emulated = module_copy(w)
    assert "(?>" not in emulated._DATELINE_ONLY.pattern
    assert sum(map(w._is_dateline, _DATELINE_SAMPLES)) >= 10
    for text in _DATELINE_SAMPLES:
        assert emulated._is_dateline(text) == w._is_dateline(text), text


@pytest.mark.parametrize("regex", [w._BOILERPLATE_RE, w._HARD_LEGAL], ids=["legal", "hard-legal"])
def test_legal_phrases_searched_around_their_keywords_as_in_the_whole_text(regex: re.Pattern[str]) -> None:
    """``_legal_in`` searches a long block only around each legal keyword: every representative,
    deep inside a long text, after a word, a space or a full stop, is found as a whole-text search
    finds it; a keyword that starts no phrase ("copyright law") is found by neither."""
    filler = "the council met again on tuesday and adjourned " * 10
    for s in pattern_representatives(regex):
        for before in ("", " ", ". ", "x"):
            for text in (f"{filler}{before}{s}", f"{filler}{before}{s}. {filler}", f"{s} {filler}"):
                whole = regex.search(text) is not None
                assert w._legal_in(partial(w._searches, regex, text), text, text.lower()) == whole, (s, before)
    for prose in ("copyright law protects authors", "our privacy matters", "cookies to the jar"):
        text = f"{filler}{prose} {filler}"
        assert regex.search(text) is None and not w._legal_in(partial(w._searches, regex, text), text, text.lower())


def test_by_first_letter_groups_phrases_and_keeps_what_matches() -> None:
    """Grouping a top-level alternation by first letter keeps its strings; escapes, classes and
    groups are read whole, repeated first letters are left alone."""
    from scrapy_webclean.extractors._literals import by_first_letter

    pattern = r"cookie policy|copyright(?![a-z])|©|a|ab|x?y|[|c]d|\|c|(?:c|d)e|c{2}|词语|词典"
    grouped = by_first_letter(pattern)
    assert grouped.startswith("c(?:ookie policy|opyright(?![a-z]))|a(?:|b)|词(?:语|典)|")
    texts = ["cookie policy", "copyrights", "copyright", "©", "a", "ab", "y", "xy", "|d", "cd", "|c", "ce", "de", "cc",
             "c", "词语", "词典", "词", "b"]
    for text in texts:
        assert (re.fullmatch(pattern, text) is None) == (re.fullmatch(grouped, text) is None), text
        assert (re.search(pattern, text) is None) == (re.search(grouped, text) is None), text


def test_the_index_finds_overlapping_and_nested_keywords() -> None:
    """Keywords whose anchors overlap in the text, or whose anchor is the start of another's, are all
    found: each place an anchor occurs is searched from, not only after the last match."""
    from itertools import product

    from scrapy_webclean.extractors._literals import PhraseIndex

    sets = (("cookies", "newsletter"), ("kies policy", "letters"), ("cook", "news"), ("sletter",))
    index = PhraseIndex(*((re.compile("|".join(s)), s) for s in sets))
    pieces = ("cookies policy", "newsletter", "news", "cook", "sletters", "x", "")
    for a, b in product(pieces, repeat=2):
        for text in (f"{a} {b}", a + b):
            hit = {index.set_of(k) for k in index.candidates(text)}
            assert hit == {number for number, s in enumerate(sets) if any(k in text for k in s)}, text
    sets = (("cookie", "cookie policy"), ("cookie",), ("policy",))  # a keyword of two sets opens both
    index = PhraseIndex(*((re.compile("|".join(s)), s) for s in sets))
    for a, b in product(pieces, repeat=2):
        for text in (f"{a} {b}", a + b):
            hit = {index.set_of(k) for k in index.candidates(text)}
            assert hit == {number for number, s in enumerate(sets) if any(k in text for k in s)}, text


def test_the_index_finds_the_leftmost_phrase_as_one_search_does() -> None:
    """Searching a text's candidate alternatives one by one gives the set one search of the three
    sets' union gives, and the legal index finds a legal phrase between two places exactly where a
    search of the legal set does: on every short line of the test pages, each representative, and
    pairs of representatives of different sets in either order."""
    pages = Path(__file__).parent / "pages"
    lines = [line.strip() for page in sorted(pages.glob("*.html"))
             for line in re.sub(r"<[^>]*>", "\n", page.read_text(encoding="utf-8", errors="replace")).splitlines()
             if 2 <= len(line.strip()) < 300]
    reps = {name: pattern_representatives(regex) for name, (regex, _, _) in SETS.items()}
    pairs = [f"{a} and {b}" for x, y in itertools.permutations(reps, 2) for a, b in zip(reps[x][::7], reps[y][::11])]
    texts = [*lines, *(s for r in reps.values() for s in r), *pairs]
    assert len(lines) > 100 and len(pairs) > 100
    names = list(SETS)
    for text in texts:
        found = UNION.search(text)
        first = w._PHRASES.leftmost(text, w._PHRASES.candidates(text.lower()))
        assert (names[first] if first >= 0 else None) == (found.lastgroup if found else None), text
        legal = w._LEGAL_PHRASES.candidates(text.lower())
        for start, stop in ((0, len(text)), (len(text) // 3, len(text)), (0, len(text) // 2)):
            assert w._LEGAL_PHRASES.within(text, legal, start, stop) == bool(w._BOILERPLATE_RE.search(text, start, stop))
