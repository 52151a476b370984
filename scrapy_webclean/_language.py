"""Which language a text is in: its script, then (Latin and Cyrillic) its function words.

Han characters without kana are Chinese (``zh``), with kana Japanese
(``ja``); Hangul Korean; Greek, Hebrew, Thai, Devanagari (Hindi) and
Arabic (Persian with its four extra letters) by their scripts. Latin and
Cyrillic texts are told apart by how many of their words are the
commonest function words of each language (about 20 per language: "the,
and, of" / "der, und, die" / "и, в, не"...), which settles any paragraph
of prose. Too little text, or no clear winner, gives ``None``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ._scripts import HAN, KANA
from .errors import InvalidOptionError

__all__ = ["detect_language", "language_targets", "LANGUAGES"]

_STOPWORDS = {
    "en": "the and of to in is that for it with as was on are be this by have from or not but at which you",
    "de": "der die und den das ist nicht mit sich des auf für ein eine dem zu von im auch wird sind bei",
    "fr": "le la les et des est une pour dans que qui pas sur du au avec sont ce il elle nous vous mais",
    "es": "el la los las de que y en es por para con una del se lo como más pero sus está son",
    "it": "il di che la e per non una sono della con del gli le più anche come nel alla questo è",
    "pt": "de que o a os as do da em para com não uma por mais como dos das se ao é",
    "nl": "de het een en van in is dat op te zijn met voor niet aan er ook als bij maar wordt",
    "sv": "och att det som en på är av för med till den har inte om ett de jag var",
    "da": "og at det som en på er af for med til den har ikke om et de jeg var også",
    "no": "og at det som en på er av for med til den har ikke om et de jeg var også ble",
    "pl": "i w na z że się do nie jest to o jak ale od po przez dla są jego",
    "cs": "a v na se je že s z do to o jako ale k by pro jsou které také",
    "tr": "ve bir bu da de için ile olan çok daha gibi ne ama en değil olarak her",
    "id": "yang dan di ini itu dengan untuk dari dalam tidak akan pada juga ke adalah bisa",
    "ro": "și în de la a cu că pe un o nu din este care mai sunt pentru",
    "fi": "ja on ei se että oli kun mutta hän ovat myös tai joka sekä kanssa",
    "hu": "a az és hogy nem is egy meg de van volt ez csak mint már el",
    "ru": "и в не на что с по это как но из к он а для от то же",
    "uk": "і в не на що з до це як але та від у за його він для",
}
#: One-letter words ("a", "i", "o", "v") are left out: they occur in every Latin language and in lists.
_WORDS = {lang: frozenset(w for w in words.split() if len(w) > 1) for lang, words in _STOPWORDS.items()}
LANGUAGES = frozenset(_WORDS) | {"zh", "ja", "ko", "el", "he", "th", "hi", "ar", "fa"}
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_SCRIPTS = (
    ("han", re.compile(f"[{HAN}]")),
    ("kana", re.compile(f"[{KANA}]")),
    ("hangul", re.compile(r"[\uac00-\ud7af\u1100-\u11ff]")),
    ("cyrillic", re.compile(r"[\u0400-\u04ff]")),
    ("greek", re.compile(r"[\u0370-\u03ff]")),
    ("hebrew", re.compile(r"[\u0590-\u05ff]")),
    ("arabic", re.compile(r"[\u0600-\u06ff]")),
    ("thai", re.compile(r"[\u0e00-\u0e7f]")),
    ("devanagari", re.compile(r"[\u0900-\u097f]")),
    ("latin", re.compile(r"[A-Za-z\u00c0-\u024f]")),
)
_SCRIPT_LANGUAGE = {"hangul": "ko", "greek": "el", "hebrew": "he", "thai": "th", "devanagari": "hi"}
_PERSIAN = re.compile(r"[پچژگ]")
#: Characters read at most, and letters needed for an answer.
_SAMPLE, _MIN_LETTERS = 6000, 30
#: Share of function words the winner needs, and its lead over the second.
_MIN_SHARE, _MIN_LEAD = 0.05, 1.3


def _by_words(text: str, candidates: tuple[str, ...]) -> str | None:
    words = [w.lower() for w in _WORD.findall(text)]
    if len(words) < 5:
        return None
    counts = Counter(words)
    scores = sorted(((sum(counts[w] for w in _WORDS[lang]), lang) for lang in candidates), reverse=True)
    (best, lang), (second, _) = scores[0], scores[1]
    if best < _MIN_SHARE * len(words) or best < _MIN_LEAD * second:
        return None
    return lang


def detect_language(text: str | None) -> str | None:
    """The ISO 639-1 code of ``text``'s language, or ``None`` when unsure.

    >>> detect_language("The council voted on Tuesday to delay the budget by a month.")
    'en'
    >>> detect_language("国家统计局今天发布数据，上月居民消费价格同比上涨百分之二。")
    'zh'
    """
    if not text:
        return None
    sample = text[:_SAMPLE]
    counts = {name: len(rx.findall(sample)) for name, rx in _SCRIPTS}
    letters = sum(counts.values())
    if letters < _MIN_LETTERS:
        return None
    cjk = counts["han"] + counts["kana"]
    if cjk >= 0.2 * letters:
        return "ja" if counts["kana"] >= 0.1 * cjk else "zh"
    script = max(counts, key=counts.__getitem__)
    if script in _SCRIPT_LANGUAGE:
        return _SCRIPT_LANGUAGE[script]
    if script == "arabic":
        return "fa" if _PERSIAN.search(sample) else "ar"
    if script == "cyrillic":
        return _by_words(sample, ("ru", "uk"))
    if script == "latin":
        return _by_words(sample, tuple(lang for lang in _WORDS if lang not in ("ru", "uk")))
    return None


def language_targets(value: Any) -> frozenset[str]:
    """Language codes from ``"en"``, ``"en,de"`` or a list (empty: any language)."""
    if value is None or value == "":
        return frozenset()
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, (list, tuple, set, frozenset)) or not all(isinstance(v, str) for v in items):
        raise InvalidOptionError(f"invalid value {value!r} for 'target_language': expected a code such as 'en' "
                                 "or a list of codes")
    return frozenset(v.strip().lower().split("-")[0] for v in items if v.strip())
