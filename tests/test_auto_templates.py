"""``auto`` on a whole blog template: a WordPress theme's post page with Jetpack's
sharing and related-posts boxes, an author box, post navigation, a comment thread with
its form, a widget column and a footer, the post in German. Then the same page with
the boxes' own names replaced by German words no rule knows (Jetpack's inner names
stay): the structure must do the rest."""

from __future__ import annotations

import pytest

import scrapy_webclean as wc

POST = (
    "Am vergangenen Wochenende waren wir mit den Kindern im Schwarzwald unterwegs, und das Wetter hätte kaum "
    "besser sein können. Schon am Morgen schien die Sonne über den Tannen, und wir packten den Rucksack.",
    "Die Wanderung begann am Parkplatz unterhalb des Feldbergs. Der Weg war gut ausgeschildert, aber an einigen "
    "Stellen ziemlich steil, sodass wir öfter Pausen einlegen mussten, was die Kinder großartig fanden.",
    "Oben angekommen hatten wir einen fantastischen Blick bis zu den Alpen. Wir haben lange auf einer Bank "
    "gesessen, gegessen und die Aussicht genossen, bevor wir uns auf den Rückweg gemacht haben.",
    "Unser Fazit: Die Tour ist für Familien mit Kindern ab etwa sechs Jahren gut machbar. Wer mit kleineren "
    "Kindern unterwegs ist, sollte lieber die kürzere Runde um den See wählen, die ebenfalls wunderschön ist.",
)
COMMENT = ("Vielen Dank für den schönen Bericht! Wir waren letztes Jahr auch dort und fanden die Aussicht "
           "großartig, nur der Abstieg war für unsere Kleine etwas anstrengend.")
EXCERPT = "Auch diesmal waren wir mit der ganzen Familie unterwegs und haben eine tolle Tour gemacht."
BIO = "Anna schreibt seit 2015 über Reisen mit Kindern, Rezepte für die ganze Familie und alles aus dem Alltag."
#: The boxes' class names in the theme, and words no rule reads as furniture.
NAMES = {"comments-area": "gespraech", "comment-list": "liste", "comment-body": "inhalt",
         "comment-content": "text", "comment-meta": "kopf", "jp-relatedposts": "aehnlich",
         "sharedaddy": "knoepfe", "comment-respond": "antwort", "author-info": "ueber"}


def template(names: dict[str, str]) -> bytes:
    body = "".join(f"<p>{p}</p>" for p in POST)
    comments = "".join(
        f'<li class="eintrag" id="e{i}"><article class="{names["comment-body"]}"><footer class="'
        f'{names["comment-meta"]}"><b>Leserin {i}</b> sagt:<time>12. Mai 2024 um 18:0{i} Uhr</time></footer>'
        f'<div class="{names["comment-content"]}"><p>{COMMENT}</p></div><a href="#">Antworten</a></article></li>'
        for i in range(4))
    related = "".join(f'<div class="jp-relatedposts-post"><h4 class="jp-relatedposts-post-title"><a href="/p{i}">'
                      f'Wandern mit Kindern Teil {i}</a></h4><p class="jp-relatedposts-post-excerpt">{EXCERPT}</p>'
                      f'</div>' for i in range(3))
    html = f'''<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">
<title>Wandern im Schwarzwald mit Kindern – Familienblog</title></head><body class="single-post">
<header class="site-header"><p class="site-title"><a href="/">Familienblog</a></p>
<nav class="main-navigation"><ul><li><a href="/">Start</a></li><li><a href="/reisen">Reisen</a></li>
<li><a href="/rezepte">Rezepte</a></li></ul></nav></header>
<div class="site-content"><main class="site-main"><article class="post type-post hentry">
<header class="entry-header"><h1 class="entry-title">Wandern im Schwarzwald mit Kindern</h1>
<div class="entry-meta">Veröffentlicht am <time>12. Mai 2024</time> von <a href="/a">Anna</a></div></header>
<div class="entry-content">{body}
<div class="{names["sharedaddy"]}"><h3>Teilen mit:</h3><ul><li><a href="#">Facebook</a></li>
<li><a href="#">WhatsApp</a></li></ul></div>
<div class="{names["jp-relatedposts"]}"><h3 class="jp-relatedposts-headline"><em>Ähnliche Beiträge</em></h3>
<div class="jp-relatedposts-items">{related}</div></div></div>
<footer class="entry-footer">Veröffentlicht in <a href="/reisen">Reisen</a></footer></article>
<div class="{names["author-info"]}"><h2>Über Anna</h2><p>{BIO}</p></div>
<nav class="post-navigation"><a href="/p1">Vorheriger Beitrag: Osterferien an der Ostsee</a></nav>
<div class="{names["comments-area"]}"><h2>4 Gedanken zu „Wandern im Schwarzwald mit Kindern“</h2>
<ol class="{names["comment-list"]}">{comments}</ol><div class="{names["comment-respond"]}">
<h3>Schreibe einen Kommentar</h3><form><p>Deine E-Mail-Adresse wird nicht veröffentlicht.</p>
<textarea name="comment"></textarea><input type="submit" value="Kommentar abschicken"></form></div></div>
</main><aside class="widget-area"><h2>Neueste Beiträge</h2><ul><li><a href="/a">Osterferien</a></li></ul></aside>
</div><footer class="site-footer">© 2024 Familienblog · Impressum · Datenschutz</footer></body></html>'''
    return html.encode()


@pytest.mark.parametrize("names", [{k: k for k in NAMES}, NAMES], ids=["theme names", "unknown names"])
def test_a_blog_template_gives_the_post_alone(names):
    text = wc.extract(template(names), "https://familienblog.example.de/2024/05/wandern/").text
    assert all(p in text for p in POST)
    for boilerplate in (COMMENT, EXCERPT, BIO, "Teilen mit", "Ähnliche Beiträge", "Vorheriger Beitrag",
                        "Schreibe einen Kommentar", "Neueste Beiträge", "Impressum", "Familienblog"):
        assert boilerplate not in text
