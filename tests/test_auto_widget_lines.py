"""A comment system's own lines (``_widget_lines``): left out of the body ``auto`` returns, without
changing what it picks; news that reports them stays."""

from __future__ import annotations

import sys
from pathlib import Path

import scrapy_webclean as wc
from scrapy_webclean._scoring import page_counts, summarize

from conftest import corpus_page

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from page_runs import probe  # noqa: E402  (the names probe: class and id attributes taken away)

POST = ("<h1>Faculty position at the institute</h1>"
        "<p>Philosophers with an interest in the mind fit the description of this position in the centre for "
        "knowledge integration, and I am told that such applications would be of interest to the committee.</p>"
        "<p>The centre has a strong cognitive science programme and a long record of work across departments, "
        "so candidates from several fields are encouraged to apply before the deadline in March.</p>")
#: TypePad's form messages and a WordPress form's help lines, as they read without their style sheet.
WIDGET = ["This is only a preview. Your comment has not yet been posted.",
          "Your comment could not be posted. Error type:",
          "Your comment has been saved. Comments are moderated and will not appear until approved by the author.",
          "You can follow this conversation by subscribing to the comment feed for this post.",
          "Your email address will not be published. Required fields are marked *",
          "Notify me of follow-up comments by email.",
          "Comments are closed."]
#: The same words in sentences of news: a report, not the widget speaking.
NEWS = ["The newspaper said comments are closed on the story after a flood of abuse from anonymous accounts.",
        "YouTube said comments are disabled on videos of children, a change made after advertisers left.",
        "Moderators read your comment before it appears, the site's editor explained to the committee."]


#: The comment form the lines stand beside (on a page without one they are not looked for).
FORM = "<form><textarea name='comment'></textarea><input type='submit' value='Post'></form>"


def _page(body: str, form: str = FORM) -> bytes:
    return (f"<html><head><title>Faculty position at the institute</title></head><body>{body}{form}</body>"
            "</html>").encode()


def test_a_comment_form_s_messages_are_left_out_of_a_short_post():
    lines = "".join(f"<div>{x}</div>" for x in WIDGET)
    text = wc.extract(_page(f"<div>{POST}<div><h3>Post a comment</h3>{lines}</div></div>")).text
    assert "Philosophers with an interest" in text and "before the deadline in March." in text
    assert not any(x[:30] in text for x in WIDGET)


def test_news_that_reports_them_stays():
    story = POST + "".join(f"<p>{x}</p>" for x in NEWS)
    text = wc.extract(_page(f"<article>{story}</article>")).text
    assert all(x in text for x in NEWS)


def test_a_block_of_them_beside_prose_is_read_line_by_line():
    # A block holding blocks is not dropped whole: only its lines that are the widget's.
    inner = f"<div><p>{NEWS[0]}</p><p>{WIDGET[0]}</p></div>"
    text = wc.extract(_page(f"<article>{POST}{inner}</article>")).text
    assert NEWS[0] in text and WIDGET[0] not in text


#: A blog's comment form in six more languages (WordPress's own translations) and its English cookie line.
FORM_LINES = ["Deine E-Mail-Adresse wird nicht veröffentlicht. Erforderliche Felder sind mit * markiert",
              "Votre adresse e-mail ne sera pas publiée. Les champs obligatoires sont indiqués avec *",
              "Tu dirección de correo electrónico no será publicada. Los campos obligatorios están marcados con *",
              "Il tuo indirizzo email non sarà pubblicato. I campi obbligatori sono contrassegnati *",
              "O seu endereço de email não será publicado. Campos obrigatórios são marcados com *",
              "Je e-mailadres wordt niet gepubliceerd. Vereiste velden zijn gemarkeerd met *",
              "Save my name, email, and website in this browser for the next time I comment."]


def test_a_comment_form_s_lines_in_other_languages_are_left_out():
    lines = "".join(f"<div>{x}</div>" for x in FORM_LINES)
    text = wc.extract(_page(f"<div>{POST}<div><h3>Leave a reply</h3>{lines}</div></div>")).text
    assert "Philosophers with an interest" in text
    assert not any(x[:25] in text for x in FORM_LINES)


def test_they_are_read_only_on_a_page_with_a_comment_form():
    lines = "".join(f"<div>{x}</div>" for x in WIDGET)
    text = wc.extract(_page(f"<div>{POST}<div>{lines}</div></div>", form="")).text
    assert WIDGET[0] in text


#: Blog software's notice that a post's comments are closed (its form gone with them), in seven languages.
CLOSED = ["The comments to this entry are closed.", "Comments are closed.", "Sorry, the comment form is closed at "
          "this time.", "Commenting has been disabled for this post.", "Die Kommentare sind geschlossen.",
          "Les commentaires sont fermés.", "Los comentarios están cerrados.", "I commenti sono chiusi.",
          "Comentários encerrados.", "Reacties zijn gesloten."]


def test_a_notice_that_comments_are_closed_is_left_out_on_a_page_without_a_form():
    for notice in CLOSED:
        story = f"<div>{POST}<p>{NEWS[0]}</p><h3>2 Comments</h3><p>{notice}</p></div>"
        text = wc.extract(_page(story, form="")).text
        assert "Philosophers with an interest" in text and NEWS[0] in text
        assert notice not in text, notice


def test_the_closed_notices_words_find_every_one():
    # _closed_in looks for _CLOSED_WORDS before it runs the pattern: every notice it matches holds one.
    from test_phrase_keywords import pattern_representatives, without_keyword

    from scrapy_webclean.extractors._widget_lines import _CLOSED, _CLOSED_WORDS, _closed_in

    assert without_keyword(_CLOSED, _CLOSED_WORDS) == []
    assert all(_closed_in(f"A story.\n{s}\nMore.") for s in pattern_representatives(_CLOSED) if "\n" not in s)


def test_a_real_typepad_post_whose_comments_are_closed():
    rec, body = corpus_page("dragnet", "dragnet-R533")
    text = wc.extract(body, rec["url"]).text
    assert "comments to this entry are closed" not in text
    assert summarize([page_counts(rec["articleBody"], text)])["recall"] > 0.9


def test_real_typepad_posts_without_their_names():
    # Short TypePad posts whose form messages show once the class names that hide them are gone (the
    # names probe): the post stays, the messages go. dragnet-R163 scored 0.55 with them, dragnet-R393 0.63.
    for pid in ("dragnet-R163", "dragnet-R393"):
        rec, body = corpus_page("dragnet", pid)
        text = wc.extract(probe(body, "names"), rec["url"]).text
        assert "Your comment" not in text and "comment feed" not in text
        assert summarize([page_counts(rec["articleBody"], text)])["recall"] > 0.9


def test_every_phrase_holds_a_keyword_and_is_found_through_it():
    # _holds_phrase searches only the lines holding one of _KEYWORDS: every string the pattern matches
    # must hold one (walked as test_phrase_keywords walks the phrase sets), and be found so.
    from test_phrase_keywords import pattern_representatives, without_keyword

    from scrapy_webclean.extractors._widget_lines import _KEYWORDS, _WIDGET_PHRASE, _holds_phrase

    keywords = tuple(k.decode() for k in _KEYWORDS)
    assert all(k.isascii() and k == k.lower() for k in keywords), "the bytes are lowered in ASCII only"
    assert without_keyword(_WIDGET_PHRASE, keywords) == [], "add a keyword for these phrases"
    reps = pattern_representatives(_WIDGET_PHRASE)
    assert [k for k in keywords if not any(k in s.lower() for s in reps)] == [], "a keyword no phrase holds"
    assert all(_holds_phrase(s) for s in reps if "\n" not in s)


def test_a_thread_s_label_left_alone_in_its_section_goes():
    # The form (and the thread's messages) left out, the headings over them head nothing; the text after
    # them (a post's tags) keeps them from being trailing headings.
    for label in ("Leave a Reply", "One Response", "No Comments", "<span>Leave</span> a Reply"):
        section = f"<div><h3>{label}</h3>{FORM}</div>"
        story = f"<div>{POST}<p>{NEWS[0]}</p>{section}<p>Tags: philosophy, jobs, universities</p></div>"
        text = wc.extract(_page(story, form="")).text
        assert "Philosophers with an interest" in text and "Tags: philosophy" in text
        assert label.replace("<span>", "").replace("</span>", "") not in text, label


def test_a_label_over_text_the_body_keeps_stays():
    # orphan_labels alone: the same section, its text kept or left out.
    from scrapy_webclean._document import parse
    from scrapy_webclean.extractors._widget_lines import orphan_labels

    doc = parse(_page(f"<div>{POST}<div><h3>Comments</h3><p>{NEWS[1]}</p></div></div>", form=""))
    h3 = doc.tags.index("h3")
    kept = bytearray(b"\x01" * len(doc))
    assert orphan_labels(doc, doc.body, kept) == []
    kept[h3 + 1] = 0  # (the <p> after the heading left out)
    assert orphan_labels(doc, doc.body, kept) == [h3]
