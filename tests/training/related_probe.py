"""Related-story teasers put inside a page's story: ``page_runs.py --probe related`` (with class
names) and ``--probe related-plain`` (the same without names).

Unseen sites close a story with a box of teasers in the story's own block: a label ("Related
stories", "Read next"), then cards, each a linked headline and a sentence or two of summary that is
not a link. Link density alone does not tell such a box from the story's last paragraphs.

The box goes right after the story's last paragraph (found by the gold text, as
:mod:`comment_probe` finds it), inside the same parent. Its label, its number of cards (3 to 6)
and their teasers are picked from :data:`TEASERS` by a hash of the gold text, so a run is the same
from one time to the next. The gold text stays as it was: every word of the box an extractor keeps
counts against it.
"""

from __future__ import annotations

from typing import Any

import lxml.html

from comment_probe import _story_end, gold_seed, put_after

#: Headlines and their summaries: news, features, guides, reviews.
TEASERS = (
    ("City council approves new budget after months of debate",
     "The plan raises spending on roads and schools while holding property taxes flat for a third year."),
    ("Five things to know before you buy an electric car",
     "Range, charging at home and the real cost of insurance matter more than the sticker price."),
    ("Storm leaves thousands without power across the region",
     "Crews expect to restore service to most homes by Thursday evening, the utility said."),
    ("Why the housing market is cooling faster than expected",
     "Higher rates have pushed many first-time buyers out, and sellers are starting to cut prices."),
    ("Review: a quiet thriller that rewards patience",
     "The director's third film takes its time, but the final half hour is worth the wait."),
    ("Local team wins championship in overtime thriller",
     "A late goal sent the game to extra time before the captain scored the winner from a corner."),
    ("Scientists find new clues about how memories are stored",
     "A study in mice suggests that sleep plays a larger role in sorting memories than once thought."),
    ("The best hiking trails within an hour of the city",
     "From easy lakeside loops to steep ridge climbs, these routes suit every level of walker."),
    ("Hospital wait times rise for the second year in a row",
     "Staff shortages and an ageing population are blamed for the longer delays in emergency rooms."),
    ("How to keep your garden alive through a dry summer",
     "Water early in the morning, mulch your beds and choose plants that cope with heat."),
    ("Former minister to stand trial on corruption charges",
     "Prosecutors say he took payments from a construction firm in return for public contracts."),
    ("Airline cancels dozens of flights as strike enters third day",
     "Passengers have been told to check the status of their flight before travelling to the airport."),
    ("What the new school rules mean for parents",
     "Phones will be banned in classrooms from September, and homework policies will change too."),
    ("Museum reopens after a two-year renovation",
     "The new wing doubles the space for the permanent collection and adds a rooftop cafe."),
    ("Inflation eases slightly but food prices keep climbing",
     "Shoppers paid more for bread, milk and vegetables last month than at any time since records began."),
    ("Opinion: we need a better plan for our rivers",
     "Pollution from farms and sewage overflows is getting worse, and the current rules are not enforced."),
)
LABELS = ("Related stories", "Read next", "You may also like", "More from this section")


def related_markup(seed: int, named: bool) -> str:
    """A box of 3 to 6 teaser cards (by ``seed``) under a label, each a linked headline and its
    summary; with class names when ``named``."""
    def c(name: str) -> str:
        return f' class="{name}"' if named else ""

    cards = []
    for i in range(3 + seed % 4):
        headline, summary = TEASERS[(seed * 5 + i * 3) % len(TEASERS)]
        slug = "-".join(headline.lower().split()[:5]).strip(":")
        cards.append(f'<div{c("related-post")}><h4{c("related-title")}><a href="/news/{slug}">{headline}</a></h4>'
                     f'<p{c("related-excerpt")}>{summary}</p></div>')
    label = LABELS[seed % len(LABELS)]
    return f'<div{c("related-posts")}><h3>{label}</h3>' + "".join(cards) + "</div>"


def add_related(root: Any, gold: str, named: bool) -> None:
    """Put a box of teasers (see :func:`related_markup`) right after the story's last paragraph."""
    box = lxml.html.fragment_fromstring(related_markup(gold_seed(gold), named))
    put_after(root, _story_end(root, gold), box)
