"""A widget inside a page's story: ``page_runs.py --probe widgets`` (with class names) and
``--probe widgets-plain`` (the same without names).

Templates set furniture between a story's paragraphs: a newsletter's sign-up form, an
advertisement's slot and label, a "Read more:" line linking another story, a share bar, a video
player with its caption, a single related-story card. Each story of four paragraphs or more gets
one, after its second paragraph, in the same parent; which one, and its wording (three of each),
is picked by a hash of the gold text, so a run is the same from one time to the next. The gold
text stays as it was: every word of the widget an extractor keeps counts against it.
"""

from __future__ import annotations

import lxml.html

from comment_probe import gold_seed, put_after
from related_probe import TEASERS
from short_probe import parsed_story

#: A newsletter's call: heading, line, button.
_NEWSLETTER = (("Get our morning newsletter", "The day's top stories, delivered to your inbox every weekday.",
                "Sign up"),
               ("Stay in the know", "Join 80,000 readers who get our best reporting free each week.", "Subscribe"),
               ("Don't miss a story", "Enter your email address and we'll send you the headlines at 7am.", "Go"))
_READ_MORE = ("Read more:", "Related:", "See also:")
_AD_LABELS = ("Advertisement", "ADVERTISEMENT", "Story continues below advertisement")
_SHARE = (("Share on Facebook", "Share on X", "Email"), ("Facebook", "Twitter", "LinkedIn", "Copy link"),
          ("Share", "Tweet", "Pin it"))
#: Where a share bar's links go (the story's address after each).
_SHARE_URLS = ("https://www.facebook.com/sharer/sharer.php?u=https://news.example/",
               "https://twitter.com/intent/tweet?url=https://news.example/",
               "https://www.linkedin.com/sharing/share-offsite/?url=https://news.example/",
               "mailto:?subject=From%20the%20news&body=https://news.example/")
_VIDEO = ("Watch: ", "Video: ", "")
_CARD = ("Related", "Recommended", "Most read")
KINDS = ("newsletter", "read-more", "ad", "share", "video", "card")


def widget_markup(seed: int, named: bool) -> str:
    """One widget (its kind and wording by ``seed``), with class names when ``named``."""
    def c(name: str) -> str:
        return f' class="{name}"' if named else ""

    kind, variant = KINDS[seed % len(KINDS)], (seed // len(KINDS)) % 3
    headline = TEASERS[(seed // 18) % len(TEASERS)][0]
    slug = "-".join(headline.lower().split()[:5]).strip(":")
    if kind == "newsletter":
        heading, line, button = _NEWSLETTER[variant]
        return (f'<div{c("newsletter-signup")}><h3>{heading}</h3><p>{line}</p><form action="/subscribe">'
                f'<input type="email" placeholder="Email address"><button type="submit">{button}</button></form></div>')
    if kind == "read-more":
        return f'<p{c("read-more")}><strong>{_READ_MORE[variant]}</strong> <a href="/news/{slug}">{headline}</a></p>'
    if kind == "ad":
        return f'<div{c("ad-container")}><span>{_AD_LABELS[variant]}</span><div{c("ad-slot")}></div></div>'
    if kind == "share":
        links = "".join(f'<li><a href="{_SHARE_URLS[i % len(_SHARE_URLS)]}{slug}">{label}</a></li>'
                        for i, label in enumerate(_SHARE[variant]))
        return f'<ul{c("share-buttons")}>{links}</ul>'
    if kind == "video":
        return (f'<div{c("video-embed")}><iframe src="https://player.example/v/{seed % 997}"></iframe>'
                f'<p{c("video-caption")}>{_VIDEO[variant]}{headline}</p></div>')
    return (f'<aside{c("inline-related")}><span>{_CARD[variant]}</span><a href="/news/{slug}">'
            f'<img src="/img/{slug}.jpg" alt=""><span>{headline}</span></a></aside>')


def widgets(raw: bytes, charset: str | None, gold: str, named: bool) -> bytes | None:
    """The page (as UTF-8) with a widget after its story's second paragraph; None where the story
    has under :data:`short_probe.MIN_PARAGRAPHS` paragraphs."""
    story = parsed_story(raw, charset, gold)
    if story is None:
        return None
    root, found = story
    put_after(root, found[1][0], lxml.html.fragment_fromstring(widget_markup(gold_seed(gold), named)))
    return lxml.html.tostring(root, encoding="utf-8")
