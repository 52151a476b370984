"""Hidden text inside a page's story: ``page_runs.py --probe hidden``.

Pages carry text a reader never sees: a block styled ``display:none`` or ``visibility:hidden``,
one with the ``hidden`` attribute or a "hidden" class, a dialog laid over the page (a paywall's
or sign-up's), a banner fixed to the window. Each story of four paragraphs or more gets one such
block after its second paragraph, in the same parent; which one is picked by a hash of the gold
text, so a run is the same from one time to the next. The block's prose is the story's third and
fourth paragraphs enciphered (:func:`cipher_probe.cipher`): text as long and as punctuated as the
story's own, which no gold line matches. The gold text stays as it was: every word of the block an
extractor keeps counts against it.
"""

from __future__ import annotations

import html

import lxml.html

from cipher_probe import cipher
from comment_probe import gold_seed, put_after
from short_probe import parsed_story

#: The ways a block is hidden, one picked for each page.
KINDS = ("display", "attribute", "visibility", "class", "dialog", "fixed")


def hidden_markup(kind: str, prose: list[str]) -> str:
    """A block of ``kind`` (see :data:`KINDS`) holding the paragraphs ``prose``."""
    paragraphs = "".join(f"<p>{html.escape(text)}</p>" for text in prose)
    if kind == "display":
        return f'<div style="display: none">{paragraphs}</div>'
    if kind == "attribute":
        return f"<div hidden>{paragraphs}</div>"
    if kind == "visibility":
        return f'<div style="visibility:hidden;height:0">{paragraphs}</div>'
    if kind == "class":
        return f'<div class="hidden">{paragraphs}</div>'
    if kind == "dialog":
        return (f'<div class="modal" role="dialog" aria-modal="true"><h2>This story is for subscribers</h2>'
                f'{paragraphs}<p><a href="/subscribe">Subscribe now</a></p></div>')
    return (f'<div style="position: fixed; bottom: 0; left: 0">{paragraphs}'
            f'<p><a href="/newsletter">Sign up</a></p></div>')


def hidden(raw: bytes, charset: str | None, gold: str) -> bytes | None:
    """The page (as UTF-8) with a hidden block after its story's second paragraph; None where the
    story has under :data:`short_probe.MIN_PARAGRAPHS` paragraphs."""
    story = parsed_story(raw, charset, gold)
    if story is None:
        return None
    root, found = story
    kind = KINDS[gold_seed(gold) % len(KINDS)]
    block = lxml.html.fragment_fromstring(hidden_markup(kind, [cipher(text) for _, text in found[2:4]]))
    put_after(root, found[1][0], block)
    return lxml.html.tostring(root, encoding="utf-8")
