"""Turning a response body into text: charset resolution and decoding.

Order of evidence: a byte-order mark (it cannot lie), the HTTP charset given
by the caller, a ``<meta>``/XML declaration in the first 4 KiB (malformed
``http-equiv`` included, via w3lib), then detection for undeclared pages. A
decoding that comes out garbled (many U+FFFD: a GBK page sent as UTF-8) is
tried again with the page's declaration, the detected charset and GB18030,
and the cleanest is kept.
GB2312 and GBK decode as GB18030, which is their superset; an unknown
charset name is ignored rather than fatal.
"""

from __future__ import annotations

import codecs
import re

from w3lib.encoding import html_body_declared_encoding, read_bom, resolve_encoding, to_unicode

from .errors import InvalidBodyError

__all__ = ["decode_body", "decode_body_utf8", "resolve_charset", "looks_binary", "unpage_kind"]

# Characters libxml2 cannot hold, or that only ever come from binary data:
# C0 controls other than tab, LF, CR; lone surrogates; non-characters.
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

#: The C0 controls of _BAD_CHARS as bytes (all but tab, line feed and carriage return).
_BAD_C0_BYTES = bytes(b for b in range(32) if b not in (9, 10, 13))
#: The same one by one: ``in`` (memchr) for each is faster than a translate of the page that deletes them.
_BAD_C0_EACH = tuple(_BAD_C0_BYTES[k:k + 1] for k in range(len(_BAD_C0_BYTES)))
#: Codecs that decode a byte below 0x20 to that C0 control and never give
#: one otherwise (no multi-byte sequence uses such a byte), nor a surrogate:
#: in their text the C0 controls of _BAD_CHARS can be found on the bytes,
#: far faster than a regular expression scans the decoded text. (Not
#: UTF-16/32, UTF-7, the ISO-2022 family or EBCDIC code pages.) Names as
#: :func:`resolve_charset` and :func:`_detect` give them.
_C0_ON_BYTES = frozenset({
    "utf-8", "ascii", "gb18030", "gbk", "gb2312", "big5", "big5hkscs", "shift_jis", "cp932", "shift_jis_2004",
    "shift_jisx0213", "euc_jp", "euc_jis_2004", "euc_jisx0213", "euc_kr", "cp949", "johab", "cp874",
    "tis-620", "mac-roman", "mac-cyrillic", "mac-greek", "mac-latin2",
})
_HIRAGANA_KATAKANA = re.compile("[\u3040-\u30ff]")
_HAN = re.compile("[\u4e00-\u9fff]")
_HANGUL = re.compile("[\uac00-\ud7a3]")
#: Three or more Cyrillic letters in a row: a word (Latin text read as Windows-1251 gives single letters).
_CYRILLIC_WORD = re.compile("[\u0400-\u04ff]{3,}")
#: The eight commonest letters of Russian text (about 58% of its letters; of Ukrainian and
#: Bulgarian text about half): the wrong table, or Greek, Hebrew or Arabic bytes, scramble them.
_CYRILLIC_COMMON = re.compile("[оеаинтсрОЕАИНТСР]")
_CYRILLIC_LOWER = re.compile("[\u0430-\u045f]")
#: Two or more characters in a row of CJK scripts, their punctuation and full-width forms (and U+E5E5,
#: GBK's full-width space as the GB18030 codec reads it).
_CJK_RUN = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uff00-\uffef\ue5e5]{2,}")
#: The fewest Hangul (in runs) that make a page Korean rather than Chinese.
_KOREAN_MIN = 20


def resolve_charset(label: str | None) -> str | None:
    """The Python codec for a charset label, or ``None`` when unknown.

    >>> resolve_charset("GB2312")
    'gb18030'
    >>> resolve_charset("no-such-charset") is None
    True
    """
    if not label or not isinstance(label, str):
        return None
    label = label.strip().strip("\"'").strip()
    if not label or len(label) > 40:
        return None
    resolved = resolve_encoding(label)
    if resolved is None:
        return None
    try:
        name = codecs.lookup(resolved).name
    except LookupError:
        return None
    if name in ("utf-16", "utf-32"):
        # Without a BOM the byte order is unknown; the web's default is LE.
        name += "-le"
    return name


_BINARY_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"%PDF-", b"PK\x03\x04", b"\x1f\x8b",
                 b"RIFF", b"\x00\x00\x01\x00", b"BM", b"OggS", b"fLaC", b"ID3", b"\x7fELF", b"MZ", b"wOFF", b"wOF2",
                 b"\x00asm", b"7z\xbc\xaf", b"Rar!", b"BZh", b"\xfd7zXZ")
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 27))


def looks_binary(data: bytes) -> bool:
    """True for images, PDFs, archives and other non-text bodies.

    A known file signature, or more than 10% control bytes in the first
    4 KiB (text in any charset has almost none; UTF-16/32 pages carry a BOM
    and are decoded before this is asked).
    """
    if data.startswith(_BINARY_MAGIC) and not data[:1] == b"<":
        # "BM" and "MZ" are also plain words: only trust them with controls.
        if not data.startswith((b"BM", b"MZ")):
            return True
    head = data[:4096]
    if len(head) < 64:
        return False
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))
    return controls > len(head) // 10


#: Bytes of a body :func:`unpage_kind` looks at for markup.
_MARKUP_WINDOW = 65536


def unpage_kind(body: bytes) -> str | None:
    """Why ``body`` cannot be an HTML page: ``"empty"`` (nothing but white
    space), ``"binary"`` (see :func:`looks_binary`) or ``"not_html"`` (text
    without a ``<`` in its first 64 KiB: JSON, plain text); ``None`` for
    anything else. Reads a bounded head of the body only.

    >>> unpage_kind(b" \\n"), unpage_kind(b"%PDF-1.7 ..."), unpage_kind(b'{"a": 1}'), unpage_kind(b"<p>x")
    ('empty', 'binary', 'not_html', None)
    """
    head = body[:_MARKUP_WINDOW]
    if not head.strip() and not body.strip():
        return "empty"
    _codec, bom = read_bom(head)
    if bom is None and looks_binary(head):
        return "binary"
    if b"<" not in head:  # "<" is the same byte in UTF-16 and UTF-32 too
        return "not_html"
    return None


def _detect(data: bytes) -> str:
    """Guess the charset of an undeclared page.

    UTF-8 when the bytes are valid UTF-8 (no other charset of the web
    produces valid multi-byte UTF-8 by accident); otherwise the CJK
    multi-byte charsets are tried strictly and scored by how much of the
    decoded text falls in the script they exist to encode, in runs of CJK
    characters; then the Cyrillic code pages (:func:`_single_byte`); Windows-1252 last.
    """
    sample = data[:200_000]
    try:
        sample.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError as exc:
        # A multi-byte sequence cut by the sample's end is still UTF-8.
        if exc.start >= len(sample) - 4 and len(data) > len(sample):
            return "utf-8"
    best, best_score = "cp1252", 0.0
    for codec, script in (("gb18030", _HAN), ("big5hkscs", _HAN), ("shift_jis", _HIRAGANA_KATAKANA),
                          ("euc_jp", _HIRAGANA_KATAKANA), ("cp949", _HANGUL)):
        try:
            text = sample.decode(codec)
        except UnicodeDecodeError:
            continue
        non_ascii = _non_ascii(text)
        if not non_ascii:
            continue
        # Only characters of the script that stand in a run of CJK text
        # count: Latin text with a few Windows-1252 bytes (a curly quote, an
        # umlaut) also decodes, as one ideograph between two Latin letters.
        runs = "".join(_CJK_RUN.findall(text))
        in_script = len(script.findall(runs))
        score = in_script / non_ascii
        if codec == "cp949":
            hangul = in_script
            # Hangul with few Han characters among them are the giveaway of
            # Korean: GB18030 reads Korean bytes too, as Han characters
            # (Chinese bytes read as Korean give Hangul and Han alike; a
            # name or two of Chinese in a Latin page can give Hangul alone).
            score = 2.0 if hangul >= _KOREAN_MIN and score >= 0.5 and 9 * len(_HAN.findall(runs)) < hangul else 0.0
        if codec == "shift_jis" or codec == "euc_jp":
            # Kana are the giveaway of Japanese; Han alone fits Chinese better.
            # GB18030 decodes Japanese bytes too (as rare Han characters), so
            # a text that is a fifth full-width kana is taken as Japanese:
            # Chinese bytes read as Japanese give half-width katakana instead.
            score = 2.0 if score >= 0.2 else score * 1.5 if score > 0.05 else 0.0
        if score > best_score + 1e-9:
            best, best_score = codec, score
    return best if best_score >= 0.3 else _single_byte(sample)


def _non_ascii(text: str) -> int:
    """How many characters of ``text`` are not ASCII (counted at C speed)."""
    return len(text) - len(text.encode("ascii", "ignore"))


def _single_byte(sample: bytes) -> str:
    """The code page of a page in no multi-byte charset: Cyrillic when most
    of its non-ASCII characters, read as Windows-1251 or KOI8-R, are words
    of Cyrillic letters of which the eight commonest of Russian make up at
    least 40% and lower case a third (the two tables read each other's
    letters as others; Hebrew or Arabic bytes give letters in no such
    proportion, and KOI8-R reads Greek as Russian capitals), the table
    that reads the more of them; else Windows-1252."""
    best, best_common = "cp1252", 0
    for codec in ("cp1251", "koi8_r"):
        text = sample.decode(codec, "replace")
        non_ascii = _non_ascii(text)
        words = "".join(_CYRILLIC_WORD.findall(text))
        common = len(_CYRILLIC_COMMON.findall(words))
        lower = len(_CYRILLIC_LOWER.findall(words))
        if non_ascii and 2 * len(words) >= non_ascii and 5 * common >= 2 * len(words) and 3 * lower >= len(words) \
                and common > best_common:
            best, best_common = codec, common
    return best


def decode_body(body: bytes | str | None, encoding: str | None = None) -> tuple[str, str]:
    """Decode a response body; return ``(text, charset used)``.

    Never raises on bad bytes (a body that is not bytes-like or str raises
    :class:`~scrapy_webclean.errors.InvalidBodyError`): undecodable sequences become U+FFFD, and
    characters no HTML parser can hold (NUL and other C0 controls, lone
    surrogates) are removed.

    >>> decode_body(b'<meta charset="gb2312">\\xc4\\xe3\\xba\\xc3')
    ('<meta charset="gb2312">你好', 'gb18030')
    >>> decode_body("already text")
    ('already text', 'unicode')
    """
    text, codec, _ = decode_body_utf8(body, encoding)
    return text, codec


def decode_body_utf8(body: bytes | str | None, encoding: str | None = None) -> tuple[str, str, bytes | None]:
    """:func:`decode_body`, plus the text's UTF-8 encoding when the body
    already was exactly that (a UTF-8 page decoded without a replacement or
    a removed character), else ``None``: the parser can then read the bytes
    as they came instead of encoding the text again."""
    if body is None:
        return "", "utf-8", None
    if isinstance(body, str):
        return _BAD_CHARS.sub("", body), "unicode", None
    if isinstance(body, (bytearray, memoryview)):
        body = bytes(body)
    if not isinstance(body, bytes):
        raise InvalidBodyError(f"body must be bytes or str, not {type(body).__name__}")
    bom_codec, bom = read_bom(body)
    if bom_codec is not None and bom is not None:
        codec = bom_codec
        data = body[len(bom):]
    else:
        data = body
        if looks_binary(data):
            return "", "binary", None
        codec = resolve_charset(encoding) or _declared(data) or _detect(data)
        if codec in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be") and encoding is None:
            # A meta tag that says UTF-16 in an ASCII-readable page is lying:
            # a real UTF-16 page could not have been read to find it.
            codec = _detect(data)
    text = to_unicode(data, codec)
    if bom is None and "\ufffd" in text:
        text, codec = _better_decoding(data, text, codec)
    if codec == "gb18030" and "\ue5e5" in text:
        # GBK's full-width space 0xA3A0, which Python's codec reads as a private-use
        # character; browsers read it as the ideographic space (WHATWG Encoding, 2023).
        text = text.replace("\ue5e5", "\u3000")
    if _c0_on_bytes(codec) and not any(c0 in data for c0 in _BAD_C0_EACH) \
            and "\ufffe" not in text and "\uffff" not in text:
        # Nothing to remove: skip a regex pass over the whole page (on a CJK
        # page it costs more than the decoding). UTF-8 decoded without a
        # U+FFFD replaced nothing: the bytes are the text's.
        return text, codec, (data if codec == "utf-8" and "\ufffd" not in text else None)
    return _BAD_CHARS.sub("", text), codec, None


#: A decoding is taken for garbled when at least this many characters, and
#: this share of its text, are U+FFFD (a GBK page read as UTF-8: most of its
#: Chinese text); a page in its right charset has none, or a stray few.
_GARBLED_MIN = 8
_GARBLED_SHARE = 0.005
#: Non-ASCII characters a decoding did read (U+FFFD aside).
_DECODED = re.compile("[^\x00-\x7f\ufffd]")


def _better_decoding(data: bytes, text: str, codec: str) -> tuple[str, str]:
    """``(text, codec)``: a garbled decoding (the charset given or declared
    was wrong: more of its non-ASCII characters are U+FFFD than not) replaced
    by the page's own declaration, the detected charset or GB18030,
    whichever has the fewest U+FFFD (the first of them on a tie), when that
    is under a quarter of them; else the decoding as it was."""
    bad = text.count("\ufffd")
    if bad < _GARBLED_MIN or bad < len(text) * _GARBLED_SHARE or len(_DECODED.findall(text)) > bad:
        # Clean enough, or mostly decoded (a page of mixed charsets is kept
        # as its charset reads most of it).
        return text, codec
    best = (text, codec, bad)
    for other in dict.fromkeys((_declared(data), _detect(data), "gb18030")):
        if other is None or other == codec or other.startswith(("utf-16", "utf-32")):
            continue
        candidate = to_unicode(data, other)
        errors = candidate.count("\ufffd")
        if errors < best[2]:
            best = (candidate, other, errors)
    return (best[0], best[1]) if best[2] * 4 < bad else (text, codec)


def _c0_on_bytes(codec: str) -> bool:
    """Whether text decoded with ``codec`` holds a C0 control only where
    its bytes hold that byte (see :data:`_C0_ON_BYTES`)."""
    return codec in _C0_ON_BYTES or codec.startswith(("cp125", "iso8859-", "koi8-"))


def _declared(data: bytes) -> str | None:
    label = html_body_declared_encoding(data)
    return resolve_charset(label) if label else None
