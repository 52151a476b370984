"""Character ranges of the East Asian scripts, as regular-expression class bodies.

One definition for every module that treats these scripts apart: they are
written without spaces between words, so their characters (or character
pairs) stand for words where other scripts have spaces.
"""

from __future__ import annotations

__all__ = ["KANA", "HAN", "HANGUL", "CJK"]

#: Hiragana and Katakana.
KANA = "\u3040-\u30ff"
#: CJK ideographs: extension A, the unified block and the compatibility block.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: Hangul syllables. Korean puts spaces between words: only the site style
#: tree's content features count it with CJK (its syllable pairs are as
#: telling of template text as Chinese character pairs).
HANGUL = "\uac00-\ud7af"
#: The scripts whose every character counts as a word: Japanese kana and CJK ideographs.
CJK = KANA + HAN
