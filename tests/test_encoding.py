import pytest

from scrapy_webclean._encoding import decode_body, resolve_charset
from scrapy_webclean._document import parse

HELLO_GBK = "你好，世界。".encode("gbk")
GBK_ONLY = "镕".encode("gbk")  # in GBK, not in GB2312


@pytest.mark.parametrize("label, codec", [
    ("gb2312", "gb18030"), ("GBK", "gb18030"), ("utf8", "utf-8"), ("latin1", "cp1252"),
    ("no-such", None), ("", None), (None, None), ("x" * 200, None),
])
def test_resolve_charset(label, codec):
    assert resolve_charset(label) == codec


def test_http_charset_wins_over_meta():
    body = b'<meta charset="utf-8"><p>' + HELLO_GBK + b"</p>"
    text, codec = decode_body(body, "gbk")
    assert "你好，世界。" in text and codec == "gb18030"


def test_gb2312_declared_page_with_gbk_characters_decodes():
    body = b'<meta http-equiv="Content-Type" content="text/html; charset=gb2312"><p>' + HELLO_GBK + GBK_ONLY + b"</p>"
    text, _ = decode_body(body)
    assert "你好，世界。镕" in text


def test_gbk_full_width_space_a3a0_is_the_ideographic_space():
    # Python's GB18030 codec reads 0xA3A0 as U+E5E5 (private use); browsers, and the text a reader
    # sees, as U+3000, the indent of a Chinese paragraph.
    text, codec = decode_body(b'<meta charset="gbk"><p>\xa3\xa0\xa3\xa0' + HELLO_GBK + b"</p>")
    assert codec == "gb18030" and "\u3000\u3000你好" in text and "\ue5e5" not in text


def test_malformed_http_equiv_is_understood():
    body = b'<meta http-equiv=content-type content="text/html;charset=GBK"><p>' + HELLO_GBK + b"</p>"
    assert "你好" in decode_body(body)[0]


def test_undeclared_gbk_page_is_detected():
    body = b"<html><body><p>" + ("这是一个没有声明编码的中文网页，内容足够长。" * 5).encode("gbk") + b"</p></body></html>"
    text, codec = decode_body(body)
    assert codec == "gb18030" and "没有声明编码" in text


def test_undeclared_shift_jis_page_is_detected():
    body = ("<p>" + "これは日本語のページです。" * 5 + "</p>").encode("shift_jis")
    text, codec = decode_body(body)
    assert "日本語" in text


GERMAN = ("Der Stadtrat hat am Dienstag einen neuen Haushalt beschlossen, der die Ausgaben für Parks, "
          "Bibliotheken und Straßenreparaturen um acht Prozent erhöht; Befürworter sagten, der Plan werde lange "
          "vernachlässigte Straßen in Ordnung bringen, während Kritiker warnten.")


@pytest.mark.parametrize("text", [
    GERMAN,  # umlauts and ß inside words: each with the letter after it is a valid GB18030 pair
    "The blogosphere\u2019s smaller stars \u2013 \u201cthe long tail\u201d \u2013 get most of the readers\u2019 "
    "attention, don\u2019t they? It\u2019s what the survey says.",
])
def test_undeclared_latin_page_is_not_read_as_chinese(text):
    # Windows-1252 text decodes as GB18030 too, an ideograph for each accented
    # letter or curly quote and the Latin letter after it; ideographs between
    # Latin letters are no Chinese text.
    body = f"<html><head><title>Haushalt</title></head><body><p>{text}</p><p>{text}</p></body></html>".encode("cp1252")
    decoded, codec = decode_body(body)
    assert codec == "cp1252" and text in decoded
    # The same when the server says UTF-8: the garbled decoding (at least 8 U+FFFD) is redone as the page reads.
    decoded, codec = decode_body(body, "utf-8")
    assert codec == "cp1252" and text in decoded


@pytest.mark.parametrize("charset, codec", [("cp1251", "cp1251"), ("koi8-r", "koi8_r")])
def test_undeclared_cyrillic_page_is_detected(charset, codec):
    # Read with the other table, Russian comes out in capitals; read as Windows-1252, as accented Latin.
    russian = ("Городской совет во вторник утвердил новый бюджет, который увеличивает расходы на парки, "
               "библиотеки и ремонт дорог на восемь процентов.")
    text, used = decode_body(f"<html><body><p>{russian}</p></body></html>".encode(charset))
    assert used == codec and russian in text
    # A Latin page's accented letters read as Windows-1251 are single Cyrillic letters, not words.
    assert decode_body(f"<p>{GERMAN}</p>".encode("cp1252"))[1] == "cp1252"


def test_a_few_chinese_characters_are_not_read_as_korean():
    # GBK bytes of common characters are Hangul syllables in CP949: a name or two in a Latin
    # page, or a two-character text, gives Hangul alone, too little to say Korean.
    for body in (b"<html><body><p>The company was founded by \xc0\xee\xc3\xf7 in 1998.</p></body></html>",
                 b"<p>\xc4\xe3\xa3\xa0\xba\xc3</p>"):
        assert decode_body(body)[1] == "gb18030"


def test_greek_hebrew_and_arabic_pages_are_not_read_as_cyrillic():
    # KOI8-R reads Greek bytes as Russian capitals; neither table reads Hebrew or Arabic as Russian.
    for charset, text in (("cp1253", "Το δημοτικό συμβούλιο ενέκρινε την Τρίτη νέο προϋπολογισμό."),
                          ("cp1255", "מועצת העיר אישרה ביום שלישי תקציב חדש שמגדיל את ההוצאות."),
                          ("cp1256", "وافق مجلس المدينة يوم الثلاثاء على ميزانية جديدة تزيد الإنفاق.")):
        assert decode_body(f"<p>{text}</p>".encode(charset))[1] == "cp1252", charset


def test_undeclared_korean_page_is_detected():
    # GB18030 reads EUC-KR bytes as Han characters; Hangul read from the same bytes say Korean.
    korean = "정부는 오늘 새로운 경제 정책을 발표했습니다. 이번 정책은 중소기업 지원과 일자리 창출에 초점을 맞추고 있습니다."
    text, codec = decode_body(f"<html><body><p>{korean}</p></body></html>".encode("euc-kr"))
    assert codec == "cp949" and korean in text


def test_utf16_with_bom():
    body = "\ufeff<html><body><p>Grüße aus Köln</p></body></html>".encode("utf-16-le")
    body = b"\xff\xfe" + body[2:]
    assert "Grüße aus Köln" in decode_body(body, "iso-8859-1")[0]


def test_unknown_charset_falls_back():
    text, codec = decode_body("<p>café</p>".encode(), "x-unknown-charset")
    assert "café" in text and codec == "utf-8"


def test_nul_bytes_and_controls_are_removed():
    text, _ = decode_body(b"<p>a\x00b\x01c</p>")
    assert text == "<p>abc</p>"
    page = b"<html><body><p>" + b"plain text with a stray NUL\x00 byte " * 20 + b"</p></body></html>"
    assert "stray NUL byte" in decode_body(page)[0]


def test_utf8_controls_and_noncharacters_removed_clean_utf8_unchanged():
    # UTF-8 bodies skip the regex pass only when the bytes hold nothing to remove.
    text, codec = decode_body("<p>x\ufffey\uffffz\x0b</p>\t\r\n".encode(), "utf-8")
    assert (text, codec) == ("<p>xyz</p>\t\r\n", "utf-8")
    assert decode_body("<p>café \u00a0 ok</p>".encode(), "utf-8") == ("<p>café \u00a0 ok</p>", "utf-8")


def test_controls_and_noncharacters_removed_from_gbk_and_code_page_text():
    # GBK/GB18030 and the Windows code pages skip the regex pass when the
    # bytes hold no C0 control and the text no U+FFFE/U+FFFF.
    meta = b'<meta charset="gbk">'
    clean = meta + "<p>\u4f60\u597d\uff0c\u4e16\u754c</p>".encode("gbk")
    assert decode_body(clean) == (clean.decode("gb18030"), "gb18030")
    dirty = meta + "<p>\u4f60\x01\u597d\x1f".encode("gbk") + "\uffff\ufffe".encode("gb18030") + b"!</p>"
    assert decode_body(dirty) == ('<meta charset="gbk"><p>\u4f60\u597d!</p>', "gb18030")
    assert decode_body(b"<p>caf\xe9\x0b</p>", "windows-1252") == ("<p>caf\u00e9</p>", "cp1252")


def test_binary_bodies_decode_to_nothing():
    assert decode_body(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4) == ("", "binary")
    assert decode_body(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj") == ("", "binary")
    assert decode_body(bytes(range(256)) * 16)[1] == "binary"


def test_real_gbk_page_decodes(netease_page):
    doc = parse(netease_page)
    assert doc.encoding == "gb18030"
    assert doc.title and "网易" in doc.title


def test_utf8_bytes_handed_on_only_when_they_are_the_text():
    from scrapy_webclean._encoding import decode_body_utf8
    clean = "<p>Grüße, 你好</p>".encode()
    assert decode_body_utf8(clean) == (clean.decode(), "utf-8", clean)
    for bad in (b"<p>caf\xe9</p>", b"<p>a\x00b</p>", b"<p>\xef\xbf\xbe</p>"):
        text, codec, utf8 = decode_body_utf8(bad, "utf-8")
        assert utf8 is None and text == decode_body(bad, "utf-8")[0]
    assert decode_body_utf8(b"\xef\xbb\xbf<p>bom</p>")[2] == b"<p>bom</p>"
    assert decode_body_utf8("<p>text</p>")[2] is None
