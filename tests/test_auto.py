"""The default extractor, ``auto``: one hand-made page per rule, then real pages."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import scrapy_webclean as wc
from scrapy_webclean._document import parse
from scrapy_webclean._walk import subtree_text
from scrapy_webclean._metadata import strip_site_suffix
from scrapy_webclean.extractors._propagation import propagation_pick
from scrapy_webclean.extractors._arbiter import second_pick
from scrapy_webclean.extractors._auto_lists import Lists
from scrapy_webclean.extractors._auto_phrases import _MARK_PROMO, _piece_mark
from scrapy_webclean.extractors._auto_words import _box_end
from scrapy_webclean.extractors._auto_forms import login_boxes, message_forms
from scrapy_webclean.extractors._auto_mark import _mark
from scrapy_webclean.extractors._auto_select import _own, _template_marked
from scrapy_webclean._render import NodeSelection

from conftest import block_pick_text, corpus_page

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from page_runs import probe  # noqa: E402  (the names probe: class and id attributes taken away)

PROSE = (
    "The council met on Tuesday to discuss the new budget, which had been delayed for months. "
    "Members argued about the cost of repairs to the old bridge, and several residents spoke. "
    "In the end, the vote was postponed until the next meeting, much to everyone's surprise."
)
MORE = (
    "Officials said the delay would not affect the school year, although teachers were worried. "
    "A spokesperson promised that a revised plan would be published before the end of the month."
)
MORE2 = ("Engineers said the bridge could reopen in the spring, once the new steel beams had been fitted "
         "and tested, and the road above it had been laid again by the county's crews.")
NAV = "".join(f'<li><a href="/s{i}">Section {i}</a></li>' for i in range(12))


def page(body: str, head: str = "<title>Budget vote delayed | Town News</title>") -> bytes:
    return f"<html><head>{head}</head><body><nav><ul>{NAV}</ul></nav>{body}<footer>" \
           f"<p>Copyright 2024 Town News. All rights reserved.</p></footer></body></html>".encode()


def auto(body: bytes, **options) -> wc.ExtractResult:
    return wc.extract(body, "https://news.example.com/2024/budget", **options)


def block_pick(body: bytes) -> str:
    """The text of auto's block pick alone (before the arbiter), for rules of its own."""
    return block_pick_text(parse(body))


def test_article_body_kept_navigation_and_footer_dropped():
    r = auto(page(f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p></article>"))
    assert PROSE in r.text and MORE in r.text
    assert "Section 3" not in r.text and "Copyright" not in r.text
    assert r.extractor == "auto"


def test_comments_dropped_and_returned_separately_on_request():
    thread = "".join(f'<div class="comment"><p>Comment number {i}: I completely disagree with the council, '
                     f'they never listen to anyone and the bridge is falling apart.</p></div>' for i in range(8))
    body = page(f'<article><p>{PROSE}</p><p>{MORE}</p></article><section id="comments">{thread}</section>')
    r = auto(body)
    assert PROSE in r.text and "Comment number" not in r.text
    assert r.comments == ""
    r = auto(body, comments=True)
    assert "Comment number 3" in r.comments and "Comment number" not in r.text


def test_a_long_comment_thread_does_not_outweigh_a_short_story():
    # A news site's short story under a thread three times its length: the
    # thread stays furniture (no JSON-LD says it is the body).
    thread = "".join(f'<div><p>Comment number {i}: I completely disagree with the council, '
                     f'they never listen to anyone, the bridge is falling apart, and the repairs, as '
                     f'everybody here knows, will cost twice what they say.</p></div>' for i in range(12))
    doc = parse(page(f'<article><h1>Budget vote delayed</h1><p>{PROSE}</p></article>'
                     f'<section id="comments">{thread}</section>'), "https://news.example.com/2024/budget")
    text = block_pick_text(doc)  # the block pick alone
    assert PROSE in text and "Comment number" not in text


@pytest.mark.parametrize("wrapper", ['<div class="section-comment">', '<div class="opinion comment">',
                                     '<section class="comments-section">'])
def test_a_story_under_a_comment_named_wrapper_is_found_when_the_title_heads_it(wrapper):
    # "Comment" is an opinion section's name too: the story under the page's title heading inside
    # such a wrapper is the body, not the list of headlines beside it; its own thread still goes.
    heads = "".join(f'<li><a href="/m{i}">Story number {i} that many people read today</a></li>' for i in range(6))
    thread = "".join(f'<div class="comment"><b>R{i}</b> May 3, 2024<p>Comment number {i}: the council never '
                     f'listens.</p></div>' for i in range(3))
    tag = wrapper[1:wrapper.index(" ")]
    body = page(f'{wrapper}<h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p><div class="comments">{thread}'
                f'</div></{tag}><div><h3>Most read</h3><ul>{heads}</ul></div>')
    text = auto(body).text
    assert PROSE in text and MORE in text
    assert "Story number" not in text and "Comment number" not in text


@pytest.mark.parametrize("pid, wanted, unwanted", [
    # A short story, not its longer comment thread.
    ("dragnet-257", "the judge in point wants to know why this dispute", "Here we go with another Apple fanboy"),
    # A three-paragraph post under the page's title, not the feed of other
    # sites' headlines that outweighs it in a listing's values.
    ("dragnet-R342", "HTC and Verizon are having a little get-together", "Instagram begins rolling out web profiles"),
    # The story's first paragraph beside the paragraph root (an unclosed <p>
    # split one paragraph in two), not the print and e-mail tools under it.
    ("dragnet-R17", "Proof-of-concept example code shows a vulnerability", "printwindow"),
    # A post that is a numbered list of linked articles under a paragraph of prose, all in one <p>
    # parted by <br>: prose among its links, not the sidebar's list of contributors.
    ("dragnet-T71", "For ease of reference, we've grouped together", "jackbalkin at yahoo.com"),
])
def test_block_pick_on_real_pages(pid, wanted, unwanted):
    rec, body = corpus_page("dragnet", pid)
    doc = parse(body, rec["url"], encoding=rec.get("http_charset"))
    text = block_pick_text(doc)
    assert wanted in text and unwanted not in text


def test_a_story_and_its_list_of_links_in_one_block_is_prose():
    # An old template's story: paragraphs parted by <br><br> in one <p>, the site's list of related
    # stories after them in the same <p>, more characters in links than out. Its own words count
    # (prose: 500 characters outside links and five sentence marks), the links not against it: the
    # block pick finds the story (it found nothing: the block was worth less than nothing).
    third = ("The mayor said the bridge would stay open while the plans were reviewed. Engineers will "
             "inspect it again in the spring, and a report is expected by the summer.")
    related = "".join(f'<a href="/story{i}">Earlier report number {i} on the council and the budget for '
                      f'the old bridge</a> - May {i + 1}, 2005<br>' for i in range(25))
    story = f"<p>{PROSE}<br><br>{MORE}<br><br>{third}<br><br>Related stories:<br>{related}</p>"
    box = ("<div><p>Town News is the independent voice of the valley since 1921. We report on local "
           "politics, schools and sports. Send us your tips and photos, and tell us what matters to you. "
           "Our newsroom is open to visitors every weekday afternoon.</p></div>")
    body = page(f"<div><h1>Budget vote delayed</h1>{story}</div><aside>{box}</aside>")
    text = block_pick(body)
    assert PROSE in text and MORE in text and third in text
    assert "independent voice of the valley" not in text


def test_a_paragraph_root_keeps_its_sibling_paragraphs_not_their_link_rows():
    # The list of deals outweighs the story's second paragraph, so the best
    # net value is the first paragraph alone; its siblings of net prose value
    # belong to the body, the link-dense ones do not.
    deals = "".join(f'<li><a href="/deal{i}">Deal number {i}: a laptop with a fast processor for a low price</a></li>'
                    for i in range(12))
    text = block_pick(page(f'<div class="story"><p>{PROSE} {PROSE}</p><p>{MORE}</p><ul>{deals}</ul>'
                           f'<p><a href="/t/budget">Budget</a>, <a href="/t/bridge">Bridge</a></p></div>'))
    assert PROSE in text and MORE in text
    assert "Deal number" not in text and "Bridge" not in text


def test_a_division_paragraph_root_keeps_its_sibling_paragraphs():
    # Paragraphs written as bare divisions (a paragraph to readability), with a related box and a
    # card among them that outweigh the second: the first division alone has the best net value,
    # and its siblings of net prose value belong to the body as a <p>'s do.
    cards = "".join(f'<div><a href="/r{i}">Another story about the budget, number {i}</a>'
                    f'<p>Another story about the budget, number {i}, in brief</p></div>' for i in range(4))
    for para in ("<div>{}</div>", "<div><span>{}</span></div>"):
        text = block_pick(page(f'<article><h1>Budget vote delayed</h1><div>{para.format(PROSE + " " + PROSE)}'
                               f'<div style="display:none"><p>{MORE} hidden</p></div>{para.format(MORE)}'
                               f'<div><h4>Related stories</h4>{cards}</div></div></article>'))
        assert PROSE in text and MORE in text, para
        assert "in brief" not in text and "hidden" not in text


def test_a_list_root_keeps_the_paragraphs_beside_it_like_a_paragraph_root():
    # The story's paragraphs carry inline links, so its list of specifications is
    # the best net value alone; the paragraphs beside the list are the story too.
    linked = ('<p><a href="/a">The camera</a> will replace <a href="/b">the older model</a> in the next few '
              'weeks, our sources say, and it may well come with <a href="/d">a wireless remote</a>.</p>')
    specs = "".join(f"<li>Specification number {i}, the same as in the previous model</li>" for i in range(8))
    related = "".join(f'<li><a href="/r{i}">Another camera rumour number {i} from this site</a></li>' for i in range(8))
    text = block_pick(page(f'<div class="entry">{linked}<p>The new model will differ slightly:</p>'
                           f'<ul>{specs}</ul><p>Related posts:</p><ol>{related}</ol></div>'))
    assert "Specification number 7" in text
    assert "will replace the older model" in text and "will differ slightly" in text
    assert "Another camera rumour" not in text


def test_section_whose_id_is_a_heading_slug_is_not_furniture():
    # id="how-to-reply-to-the-council" is an anchor made from the heading's
    # words ("reply" is a comment word only in a component's name).
    thread = "".join(f'<div class="comment"><p>Comment number {i}: I completely disagree with the council, '
                     f'they never listen to anyone and the bridge is falling apart.</p></div>' for i in range(3))
    r = auto(page(f'<article><p>{PROSE}</p><section id="how-to-reply-to-the-council"><h2>How to reply to the '
                  f'council</h2><p>{MORE}</p></section><div id="comments">{thread}</div></article>'))
    assert PROSE in r.text and MORE in r.text
    assert "Comment number" not in r.text
    # A slug has five words or more; separators at its ends are no words.
    from scrapy_webclean.extractors._auto_words import _is_slug

    assert _is_slug("how-to-reply-to-the-council") and not _is_slug("-the-related-posts-box-")


def test_a_paragraph_set_as_a_heading_is_prose():
    # A site's whole text in an <h2> (a page written in heading type): its
    # sentences are the body, not a short footer line beside it.
    about = ("We are a group of volunteers who look after the old bridge and the river bank. We publish a "
             "newsletter four times a year, with news of the work, the council's plans and the wildlife we "
             "count. Our meetings are open to everyone who wants to help, and we welcome new members. "
             "We invite you to find out more and to join us at the next meeting.")
    body = (f'<div id="content"><h1>What is the Bridge Group?</h1><h2>{about}</h2></div>'
            '<div id="bottom">Get our news feed on your site. We have branches in two towns. '
            '<a href="/contact">Contact us</a></div>')
    assert about in auto(page(body)).text


def test_related_links_box_dropped():
    related = "".join(f'<li><a href="/story{i}">Another story about the town number {i}</a></li>' for i in range(6))
    r = auto(page(f'<article><p>{PROSE}</p><div class="box"><h3>Read next</h3><ul>{related}</ul></div>'
                  f'<p>{MORE}</p></article>'))
    assert PROSE in r.text and MORE in r.text
    assert "Another story" not in r.text


def test_teaser_cards_of_related_stories_dropped():
    cards = "".join(f'<div class="card"><h3><a href="/s{i}">Headline of another story number {i}</a></h3>'
                    f'<p>A short summary of that story, which is not this one…</p></div>' for i in range(5))
    r = auto(page(f'<main><article><p>{PROSE}</p><p>{MORE}</p></article><div class="grid">{cards}</div></main>'))
    assert PROSE in r.text and "short summary" not in r.text


def _short_story_with_teasers(before: str) -> bytes:
    """A story of four short paragraphs and, after ``before``, six teaser cards (a linked headline and a
    sentence each) holding more prose than it; a sidebar of a line of prose and links beside it. No class
    or id names."""
    story = "".join(f"<p>The council met on Tuesday to discuss item {i} of the budget, and a vote was set.</p>"
                    for i in range(4))
    cards = "".join(f"<div><h4><a href='/news/{i}'>Another story from this section, number {i}</a></h4>"
                    f"<p>Shoppers paid more for bread, milk and vegetables last month than a year before.</p></div>"
                    for i in range(6))
    links = "".join(f"<li><a href='/section/{i}'>Section number {i}</a></li>" for i in range(12))
    side = f"<p>Submit your pictures: upload photos and browse others in our pictures section.</p><ul>{links}</ul>"
    return page(f"<div><div><h2>Budget vote delayed</h2>{story}{before}<div>{cards}</div></div></div>"
                f"<div>{side}</div>")


def test_a_teaser_box_set_in_the_running_text_does_not_count_against_the_story():
    # The cards' prose counts against their own box (it is left out), but not against the wrapper
    # holding the story when the box follows a paragraph of it (_Blocks._after_paragraph): a short
    # story holding a "More from this section" box is still the body.
    text = auto(_short_story_with_teasers("")).text
    assert "item 3 of the budget" in text and "Shoppers paid more" not in text and "Submit your" not in text
    # After a heading, the box is no part of the running text: its prose still counts against the
    # wrapper holding it (the block values themselves, read for the story's wrapper).
    negatives = []
    for before in ("", "<h3>Also today</h3>"):
        doc = parse(_short_story_with_teasers(before))
        blocks = _own(doc, doc.measures, _mark(doc, doc.measures, False))
        pos, neg = blocks.values(listing=False)
        (box,) = blocks.teaser_roots
        assert pos[box] == 0 and neg[box] >= blocks.teaser_prose[0] > 400
        negatives.append(neg[doc.parent[doc.tags.index("h2")]])
    assert negatives[1] - negatives[0] == pytest.approx(blocks.teaser_prose[0])


def test_a_teaser_box_inside_a_short_real_story_is_left_out_without_names():
    # googlenews-468b40e4 (four short paragraphs) with the related-plain probe's box of six cards after
    # its last paragraph: the box outweighed the story, and a sidebar's lines were the body.
    text = _auto_text("googlenews", "googlenews-468b40e4-c403-43f0-a087-cb2018da9a25", "related-plain")
    assert "most wanted bank robbers" in text and "Submit your Pics" not in text


def test_a_quote_is_kept_whole_but_for_the_furniture_inside_it():
    # A block quote is the author's choice and is kept whole, but a box named as furniture inside
    # it (a related-posts box a template or a broken page puts there) is no part of the quote.
    cards = "".join(f'<div class="related-post"><h4><a href="/s{i}">Another story number {i}</a></h4>'
                    f'<p>A summary of another story, which is not this one.</p></div>' for i in range(3))
    quote = f'<blockquote><p>Something wicked this way comes.</p><div class="related-posts">{cards}</div></blockquote>'
    body = page(f"<article><p>{PROSE}</p><p>{MORE}</p>{quote}</article>")
    for text in (auto(body).text, block_pick(body)):
        assert PROSE in text and "Something wicked this way comes." in text and "Another story" not in text


def test_a_related_box_put_inside_a_real_storys_closing_quote_is_left_out():
    # The related probe sets its named box after the story's last line, which on dragnet-R5 is in a
    # block quote: the quote was kept whole, box and all.
    text = _auto_text("dragnet", "dragnet-R5", "related")
    assert "Something wicked this way comes" in text and "Related stories" not in text


def test_long_teasers_cut_short_by_an_ellipsis_are_still_teaser_cards():
    # A card's excerpt may run past 400 characters; that it ends cut short says it is a teaser.
    cards = "".join(f'<div class="card"><h3><a href="/s{i}">Headline of another story number {i}</a></h3>'
                    f'<p>{PROSE} {MORE} And the excerpt of story {i} goes on until it stops…</p>'
                    f'<a href="/s{i}">Read more</a></div>' for i in range(4))
    story = f"<p>{PROSE}</p><p>{MORE}</p>" * 5
    r = auto(page(f'<main><article><h1>Budget vote delayed</h1>{story}</article><div>{cards}</div></main>'))
    assert PROSE in r.text and "goes on until it stops" not in r.text


def test_whole_posts_with_an_ellipsis_inside_are_not_teaser_cards():
    # A blog's front page shows its latest posts whole, each under its linked title. A writer's
    # "..." at the end of a paragraph inside a post does not cut the post short.
    posts = "".join(f'<div><h2><a href="/2005/04/post-{i}.html">What happened at the meeting, part {i}</a></h2>'
                    f'<p>Well, {PROSE} And then...</p>' + f'<p>{MORE} {PROSE}</p>' * (i + 1)
                    + f'<p>Post {i} ends here.</p>'
                    f'<p>posted by Steve | <a href="/2005/04/post-{i}.html#comments">Comments</a></p></div>'
                    for i in range(4))
    r = auto(page(f'<div>{posts}</div>', head="<title>Town Notes</title>"))
    assert all(f"Post {i} ends here." in r.text for i in range(4))


def test_forum_posts_under_one_word_author_headings_are_not_teaser_cards():
    # A linked one-word heading is a poster's name, not a headline: a thread
    # of short replies is the page's body, not a list of related stories.
    replies = ("I had the same problem with the bridge detour last week, it added twenty minutes each way.",
               "Agreed, and the council never answered my letter about it either, which is not surprising.",
               "Does anyone know whether the buses still stop on the north side? The timetable is unclear.",
               "They do, but only every half hour until the repairs finish, according to the driver.")
    posts = "".join(f'<article class="post"><h4><a href="/members/{n}">{n}</a></h4><div><p>{t}</p></div></article>'
                    for n, t in zip(("townwatcher", "riverside42", "annabel", "commuter_joe", "M.Hughes"),
                                    (PROSE + " " + MORE,) + replies))
    r = auto(page(f'<main><h1>Bridge detour</h1><div class="thread">{posts}</div></main>'))
    assert PROSE in r.text and all(t in r.text for t in replies)


def test_page_builder_widgets_inside_the_article_kept_sidebar_widgets_dropped():
    # Page builders wrap every block of the text in a "widget"; only outside
    # <main>/<article> does the word name a sidebar box.
    blocks = "".join(f'<div class="builder-widget builder-widget-text"><p>Part {k}. {PROSE}</p></div>'
                     for k in range(3))
    side = ('<div class="widget widget_text"><p>Our office is open on weekdays from nine to five, '
            'and on Saturday mornings by appointment.</p></div>')
    text = block_pick(page(f'<article><div class="builder-widget"><p>{MORE}</p></div>{blocks}</article>{side}'))
    assert "Part 0." in text and "Part 2." in text and MORE in text
    assert "Our office is open" not in text


def test_widget_naming_itself_the_blog_post_is_not_furniture():
    # Blogger wraps the post in "widget Blog" and the author's profile in
    # "widget Profile": a widget that names itself the text is not a sidebar box.
    post = (f'<div class="widget Blog" id="Blog1"><div class="blog-posts"><div class="post hentry">'
            f'<h3 class="post-title">Budget vote delayed</h3><div class="post-body"><p>{PROSE}</p>'
            f'<p>{MORE}</p></div></div></div></div>')
    about = ("I have reported on local politics for twenty years, first for the county paper and now here. "
             "Before that, I taught history at the high school, which is why the council's long debates, "
             "its budgets and its bridges, still fascinate me more than they probably should. ") * 2
    side = (f'<div class="sidebar"><div class="widget Profile" id="Profile1"><div class="widget-content">'
            f'<dl><dd class="profile-textblock">{about}</dd></dl></div></div></div>')
    text = block_pick(page(f'<div id="content-wrapper"><div id="main-wrapper">{post}</div>{side}</div>'))
    assert PROSE in text and MORE in text
    assert "twenty years" not in text


def test_a_footer_named_foot_is_furniture():
    # "foot" names a page's footer (id="site-foot"), as "footer" does; a
    # longer notice there is not the page's text ("footnotes" stays prose).
    # (A text no phrase marks as a notice: the name alone decides.)
    notice = ("The fair has been held every summer since 1952, first on the church green and later in the park "
              "by the river, and the organisers thank the many volunteers who have made it possible, year after "
              "year, in rain and in sunshine.")
    story = f"<p>People came from all over the region to the fair. {PROSE}</p><p>{MORE}</p>"
    text = block_pick(f'<html><body><div class="story"><h1>Fair</h1>{story}</div>'
                      f'<div id="site-foot"><p>{notice}</p></div></body></html>'.encode())
    assert "People came" in text and "held every summer" not in text
    notes = block_pick(f'<html><body><div class="story"><h1>Fair</h1>{story}</div>'
                       f'<div id="footnotes"><p>{notice}</p></div></body></html>'.encode())
    assert "held every summer" in notes


def test_furniture_longer_than_a_story_its_title_heads_stays_furniture():
    # A box named as furniture holding more prose than the rest of the page
    # is read as a misnamed layout wrapper, unless the page's title heads a
    # story beside it: then the box stays out.
    captions = "".join(f"<li><p>Photo {k}: the old bridge seen from the river bank at dawn, with the scaffolding "
                       f"the council put up last spring still in place.</p></li>" for k in range(8))
    body = (f'<div id="wrap"><div class="story"><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p></div>'
            f'<div class="sidebar"><ul>{captions}</ul></div></div>')
    text = block_pick(page(body))
    assert PROSE in text and MORE in text and "Photo 3" not in text
    # Without the title heading over the story, the box is the misnamed wrapper of old.
    assert "Photo 3" in block_pick(page(body.replace("<h1>Budget vote delayed</h1>", "")))


def test_furniture_names_struck_for_size_against_the_page_before_any_is_struck():
    # Two furniture-named boxes each hold more prose than the rest of the
    # page: the story (in a box its theme calls "post-meta") and a link-heavy
    # sidebar after it. Both names go, whichever comes first in the page, and
    # the story is the body (struck in document order, the sidebar's prose
    # had counted as the page's and the story's name had stayed).
    notice = ("This blog is provided as is, without warranty of any kind; the owner may earn a commission on "
              "purchases made through its links, which does not change the price you pay.")
    body = (f'<p>Town News.</p><div id="main"><div class="post-meta"><p>{PROSE}</p><p>{MORE}</p></div></div>'
            f'<div id="side"><div class="sidebar">{f"<p>{notice}</p>" * 3}<ul>{NAV * 6}</ul></div></div>')
    text = block_pick(page(body))
    assert PROSE in text and MORE in text
    assert "without warranty" not in text


def test_utility_class_values_are_not_names():
    # A utility class's arbitrary value ("lg:h-[calc(100vh-var(--nav-height))]",
    # Tailwind) holds a CSS variable's name, not the element's: its "nav" or
    # "header" makes neither pick read the story's wrapper as furniture.
    from scrapy_webclean.extractors._auto_words import _furniture_name
    from scrapy_webclean.extractors._propagation_names import _class_weight, _is_unlikely

    wrapper = "sticky top-[var(--header-height)] lg:h-[calc(100vh-var(--nav-height))]"
    assert _furniture_name(wrapper) == 0 and not _is_unlikely(wrapper) and _class_weight(wrapper) == 0
    assert _furniture_name("site-nav top-[4px]") == 1 and _is_unlikely("page-header top-[4px]")
    about = ("The town of Millbrook sits on the river and has a population of about twelve thousand people. "
             "It was founded in 1820 by settlers who built the first mill, and its bridge dates from 1901. ")
    body = (f'<div class="flex"><div class="{wrapper}"><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p>'
            f'</div><div class="sidebar">{f"<p>{about}</p>" * 3}</div></div>')
    doc = parse(page(body))
    pick = propagation_pick(doc, doc.measures)
    text = NodeSelection(doc, pick.root, pick.drop).text()
    assert PROSE in text and MORE in text  # (the footer's notice, when the wrapper was ruled out)
    text = auto(page(body)).text
    assert PROSE in text and "Millbrook" not in text


@pytest.mark.parametrize("name", ["modal fade", "modal-dialog", "popover", "tooltip", "popup-overlay", "exit_popup", "rss",
                                  "author-box", "user-info", "network sponsors", "area_login", "signin-box"])
def test_boxes_named_as_furniture_left_out(name):
    # A modal, a popover, a pop-up or a tooltip (overlays a script opens: sign-up,
    # log-in, share, a hint), a feed box ("headlines in your RSS reader"), an author
    # box under a post, a forum poster's info box, sponsors' links and a log-in box hold prose that is not
    # the story's.
    box = ("<p>Join thousands of readers who get the best of the town's news every morning, with local "
           "events, weather and traffic, and a weekly digest of the stories you may have missed.</p>")
    body = page(f'<div class="story"><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p>'
                f'<div class="{name}">{box}</div></div>')
    text = block_pick(body)
    assert PROSE in text and MORE in text and "Join thousands" not in text
    assert "Join thousands" not in auto(body).text


def test_sidebar_as_a_layout_modifier_is_not_a_name():
    # "main-with-sidebar", "has-sidebar", "no-sidebar" describe the layout of
    # a wrapper (often the story's); "sidebar" alone, or beside other words,
    # is the box.
    from scrapy_webclean.extractors._auto_words import _furniture_name

    for layout in ("main main-with-sidebar", "site-content with-sidebar", "page has-sidebar", "content no-sidebar"):
        assert _furniture_name(layout) == 0, layout
    for box in ("sidebar", "sidebar with-nav", "left-sidebar", "sidebar-widgets"):
        assert _furniture_name(box) == 1, box


def test_sidebar_beside_the_body_s_own_name_is_a_layout():
    # "l-sidebar-fixed l-article-body": the story's body in a layout with a sidebar column (vox.com).
    # Its name declares the body; "sidebar" is the layout's. A standfirst above a two-paragraph story
    # was returned alone.
    from scrapy_webclean.extractors._auto_words import _furniture_name

    for layout in ("l-sidebar-fixed l-segment l-article-body", "sidebar-layout articleBody", "entry-content has-sidebar"):
        assert _furniture_name(layout) == 0, layout
    for box in ("sidebar article", "sidebar-body", "post sidebar", "sidebar-content"):
        assert _furniture_name(box) == 1, box
    dek = ("A policy to conserve water led to the rise of a major source of air pollution, making breathing "
           "the city's air as bad as smoking 50 cigarettes.")
    body = page(f'<div><h1>Budget vote delayed</h1><p>{dek}</p></div>'
                f'<div class="l-sidebar-fixed l-article-body"><p>{PROSE}</p><p>{MORE}</p></div>')
    text = auto(body).text
    assert PROSE in text and MORE in text


def test_a_thread_name_run_together_is_a_thread():
    # "postcomments", "fbcomment", "addcomment": a comment thread's (or its form's) name in one word;
    # "nocomments", "disablecomments" mark a post that has none, on the post's own wrapper.
    from scrapy_webclean.extractors._auto_words import _furniture_name

    for name in ("postcomments", "fbcomment", "addcomment", "entry usercomments", "recentcomments"):
        assert _furniture_name(name) == 2, name
    for name in ("nocomments", "post disablecomments", "commentary", "entry-commentary"):
        assert _furniture_name(name) != 2, name
    # Two comments inside the post's element: too few for a thread by shape; the name says it.
    comments = "".join(f"<div><p>I have been reading this blog for years and I agree with every word, reader {i}.</p>"
                       f"<p>Posted by: Reader {i} at November {i + 1}, 2012 1:56 PM</p></div>" for i in range(2))
    r = auto(page(f'<div><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p>'
                  f'<div id="postcomments">{comments}</div></div>'))
    assert PROSE in r.text and "I agree with every word" not in r.text
    r = auto(page(f'<div class="post nocomments"><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p></div>'))
    assert PROSE in r.text and MORE in r.text


def test_a_name_splits_at_any_white_space_dash_or_underscore():
    # The tokens of a class/id string are its runs between white space (any
    # kind: tab, newline, no-break space), "-" and "_", runs of them as one.
    from scrapy_webclean.extractors._auto_words import _furniture_name, _is_slug

    for name in ("site\tfooter", "site\nfooter", "site\u00a0footer", "site__footer", "site-_ footer", "FOOTER"):
        assert _furniture_name(name) == 1, repr(name)
    for name in ("sitefooter", "site\u200bfooter", "site.footer", "site:footer"):
        assert _furniture_name(name) == 0, repr(name)  # one token (U+200B is no white space)
    assert _is_slug("receive_and-reply-to-an\tsms") and not _is_slug("related-posts-widget-area-top")


def test_camel_case_names_are_read_word_by_word():
    # "relatedStories", "siteFooter", "shareButtons" name the same boxes as
    # "related-stories"; a CSS module's hash ("item__adF2E") is no word, and
    # a name that declares the text ("hentry adShift") is not furniture.
    from scrapy_webclean.extractors._auto_words import _furniture_name

    for name in ("relatedStories", "siteFooter", "shareButtons", "mainNav", "bigAdContainer", "NavUS"):
        assert _furniture_name(name) == 1, name
    assert _furniture_name("commentsContainer") == 2
    for name in ("AccordionTextItem_item__adF2E", "hentry adShift", "storyBody", "iPhoneReview", "textAlign"):
        assert _furniture_name(name) == 0, name
    box = ("<p>Join thousands of readers who get the best of the town's news every morning, with local "
           "events, weather and traffic, and a weekly digest of the stories you may have missed.</p>")
    body = (f'<div id="storyBody"><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p>'
            f'<div class="newsletterSignup">{box}</div></div>')
    text = block_pick(page(body))
    assert PROSE in text and MORE in text and "Join thousands" not in text
    assert "Join thousands" in block_pick(page(body.replace("newsletterSignup", "newslettersignup")))


def test_a_heading_the_text_ends_with_is_left_out():
    # Whichever pick made the body, a box's heading whose list was left out
    # ("Related stories" over teaser cards) would end the text heading
    # nothing; a heading over kept text stays.
    from scrapy_webclean.extractors.auto import tidy

    links = "".join(f'<li><a href="/story/{k}">Headline number {k} about the town</a></li>' for k in range(3))
    doc = parse(page(f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p><h2>What comes next</h2><p>{MORE}</p>"
                     f"<h3>Related stories</h3><h4>This week</h4><ul>{links}</ul></article>"))
    article = doc.tags.index("article")
    box = doc.tags.index("ul", article)
    drop = bytearray(len(doc))
    drop[box] = 1
    text = tidy(doc, NodeSelection(doc, article, drop)).text()
    assert PROSE in text and MORE in text and "What comes next" in text
    assert "Related stories" not in text and "This week" not in text and "Headline" not in text
    text = tidy(doc, NodeSelection(doc, article)).text()
    assert "Related stories" in text and "Headline number 2" in text


def test_teasers_as_headline_and_summary_siblings_are_left_out():
    # More headlines as a definition list: each <dt> a linked headline, the
    # <dd> after it a one-sentence summary. They are teaser cards as much as
    # <li>s holding both, and count against the region that holds them.
    summaries = ("Residents packed the hall to hear the plan for the new library, which opens next spring.",
                 "The river rose two metres overnight and the old bridge was closed to traffic again.",
                 "Teachers said the delayed budget leaves the school without money for repairs this year.",
                 "The mayor promised a vote on the parking fees before the summer, after many complaints.")
    teasers = "".join(f'<dt><a href="/story/{k}">Headline number {k} about the town</a></dt><dd>{s}</dd>'
                      for k, s in enumerate(summaries))
    body = (f'<div id="content"><div class="story"><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p></div>'
            f'<div class="lineup"><h3><a href="/town/">More town headlines</a></h3><dl>{teasers}</dl></div></div>')
    text = block_pick(page(body))
    assert PROSE in text and MORE in text
    assert not any(s in text for s in summaries)


def test_layout_wrapper_named_after_its_sidebar_holds_the_body():
    # A wrapper around the title and the text named for the layout
    # ("sticky-sidebar") is not a sidebar: the comment thread inside it stays
    # out and the real sidebar stays furniture.
    thread = "".join(f'<div class="comment"><p>Comment number {i}: I completely disagree with the council, '
                     f'they never listen to anyone and the bridge is falling apart.</p></div>' for i in range(8))
    side = '<div class="sidebar"><p>Opening hours: the office is open on weekdays, from nine to five.</p></div>'
    r = auto(page(f'<div class="sticky-sidebar"><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p>'
                  f'<div class="comments">{thread}</div>{side}</div>'))
    assert PROSE in r.text and MORE in r.text
    assert "Comment number" not in r.text and "Opening hours" not in r.text


def test_short_article_marked_up_as_article_body_is_not_read_as_a_listing():
    # Two short paragraphs are too little prose to rule out a listing page,
    # but the page marks them up as its articleBody: the related-story list
    # after them stays out.
    short = ("<p>The council has postponed the budget vote again.</p>"
             "<p>Residents will be told the new date next week.</p>")
    more = "".join(f'<li><a href="/s{i}"><span>Another story about the town number {i}</span>'
                   f'<span>{i + 1} March 2024</span></a></li>' for i in range(3))
    body = f'<div class="story"><h2>More on this story</h2><ul>{more}</ul></div>'
    r = auto(page(f'<div class="page"><div property="articleBody">{short}</div>{body}</div>'))
    assert "postponed the budget vote" in r.text and "new date next week" in r.text
    assert "Another story" not in r.text
    r = auto(page(f'<div class="page"><div itemprop="articleBody">{short}</div>{body}</div>'))
    assert "Another story" not in r.text


def test_forum_poster_statistics_dropped_posts_kept():
    posts = "".join(f'<div class="post"><dl class="profile"><dd>Posts: {13 * k + 2}</dd>'
                    f'<dd>Joined: Wed Feb 04, 201{k} 6:38 pm</dd></dl><div class="content"><p>{t}</p></div></div>'
                    for k, t in enumerate((PROSE, MORE, PROSE.replace("council", "board"))))
    # The block pick's rule. (What auto returns is the arbiter's call: on
    # this short three-post page it may take the propagation pick, one post.)
    doc = parse(page(f'<main><h1>Bridge detour</h1>{posts}</main>'),
                "https://forum.example/threads/bridge-detour.12345/")
    text = block_pick_text(doc)
    assert PROSE in text and MORE in text
    assert "Posts:" not in text and "Joined:" not in text


def test_thread_posts_named_comments_kept_when_json_ld_states_them():
    # Forum software calls its posts comments (id="comments", "comment-123");
    # JSON-LD states the thread's text, so the subtree showing it is the body.
    first = "Does anyone know when the bridge on Mill Road will open again? The detour adds twenty minutes."
    reply = "The council said the repairs end in May, and the bridge should reopen the week after."
    install = "".join(f"<p>Step {k}: tap the share icon, scroll the menu and choose Add to Home Screen, "
                      f"then confirm to install the forum app with notifications and badges.</p>" for k in range(6))
    ld = {"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "Bridge detour",
          "text": first, "comment": [{"@type": "Comment", "text": reply}]}
    posts = "".join(f'<article id="comment-{k}_wrap"><a href="/u/{k}">user{k}</a><div class="post"><p>{t}</p></div>'
                    f'</article>' for k, t in ((1, first), (2, reply)))
    main = f'<main>{install}<h1>Bridge detour</h1><div id="comments">{posts}</div></main>'
    url = "https://forum.example/topic/123-bridge-detour/"
    # Without the statement the "comments" stay out of the body.
    assert first not in wc.extract(page(main), url).text
    head = f'<title>Bridge detour</title><script type="application/ld+json">{json.dumps(ld)}</script>'
    r = wc.extract(page(main, head=head), url)
    assert first in r.text and reply in r.text
    assert "Home Screen" not in r.text
    # The same thread kept in <noscript> (little in view): it is looked for,
    # and chosen again, in the view the selection was made in.
    notice = "".join(f"<p>Step {k}: this forum needs scripts; enable them in your browser settings to see "
                     f"badges, notifications and the full interface.</p>" for k in range(6))
    hidden_thread = f'<div id="app">Loading…</div><noscript><div class="crawler">{notice}' \
                    f'<h1>Bridge detour</h1><div id="comments">{posts}</div></div></noscript>'
    r = wc.extract(page(hidden_thread, head=head), url)
    assert first in r.text and reply in r.text
    assert "enable them" not in r.text


def test_hub_page_returns_its_whole_main_landmark():
    # A product grid: cards of a linked name and a price, filters, a short
    # blurb; classify calls it a hub. The content is the whole <main>, not
    # the densest block in it.
    cards = "".join(f'<li class="card"><a href="/p/{i}">Trail shoe model {i}</a><span>$1{i}0.00</span></li>'
                    for i in range(30))
    filters = "<div class='filters'><h3>Brand</h3><ul><li>Acme (12)</li><li>Peak (9)</li></ul></div>"
    blurb = "<p>Shoes for the trail, picked by our staff.</p>"
    body = page(f"<main><h1>Trail shoes</h1>{filters}{blurb}<ul class='grid'>{cards}</ul></main>"
                "<aside><p>Sign up for our newsletter.</p></aside>")
    assert wc.classify(body, "https://shop.example/c/trail-shoes").kind == "hub"
    r = wc.extract(body, "https://shop.example/c/trail-shoes")
    assert "Trail shoe model 0" in r.text and "Trail shoe model 29" in r.text
    assert "Acme (12)" in r.text and "picked by our staff" in r.text
    assert "newsletter" not in r.text and "Section 3" not in r.text
    # The menus and asides inside the landmark are still left out: the site's section menu, a promotion.
    menu = "".join(f'<li><a href="/c/{k}">Running category {k}</a></li>' for k in range(6))
    body = page(f"<main><nav><ul>{menu}</ul></nav><h1>Trail shoes</h1>{filters}{blurb}<ul class='grid'>{cards}</ul>"
                "<aside><p>Free returns on every order this month.</p></aside></main>")
    r = wc.extract(body, "https://shop.example/c/trail-shoes")
    assert "Trail shoe model 29" in r.text and "Acme (12)" in r.text
    assert "Running category" not in r.text and "Free returns" not in r.text
    # So is a comment thread its names mark (a product's page below its grid, a recipe index's).
    said = "".join(f'<li class="comment"><cite>Buyer{i}</cite> <p>Comfortable from the first run, and the sole '
                   f'still grips after {i + 2} months of muddy trails.</p></li>' for i in range(4))
    body = page(f"<main><h1>Trail shoes</h1>{filters}{blurb}<ul class='grid'>{cards}</ul>"
                f"<div id='comments'><h3>4 Comments</h3><ol class='commentlist'>{said}</ol></div></main>")
    r = wc.extract(body, "https://shop.example/c/trail-shoes")
    assert "Trail shoe model 29" in r.text and "Acme (12)" in r.text
    assert "still grips" not in r.text and "4 Comments" not in r.text
    # An article in <main> keeps the precise selection: its related box goes.
    related = "".join(f'<li><a href="/r{i}">A related story with a long headline {i}</a></li>' for i in range(8))
    r = auto(page(f"<main><article><p>{PROSE}</p><p>{MORE}</p></article><ul class='more'>{related}</ul></main>"))
    assert PROSE in r.text and "related story" not in r.text


def test_hub_page_without_main_returns_its_body_less_the_marked_template():
    # A landing page of course cards and no <main>: where its template marks its parts
    # (<header>, <nav>, <footer>), the body less those parts is the landmark; the densest
    # card alone is not the content.
    cards = "".join(f'<div class="card"><h3><a href="/c/{i}">Certificate in subject {i}</a></h3>'
                    f'<p>Six weeks, online.</p><ul><li><a href="/c/{i}/a">Module {i}A</a></li>'
                    f'<li><a href="/c/{i}/b">Module {i}B</a></li></ul></div>' for i in range(12))
    intro = ("<p>Our professional programs prepare working people for the next step in their careers, "
             "with courses taught in the evening, online and on weekends by practitioners of each field.</p>")
    menu = "".join(f'<a href="/s{k}">Section {k}</a>' for k in range(8))
    template = (f'<header><a href="/">Example University</a><nav>{menu}</nav></header>'
                f'<div id="wrap"><h1>Programs</h1>{intro}<section><header><h2>All our certificates</h2></header>'
                f'<div class="grid">{cards}</div></section></div>'
                '<footer><p>Example University, 1 College Road. All rights reserved.</p></footer>')
    url = "https://edu.example/programs/"
    assert wc.classify(page(template), url).kind == "hub"
    text = wc.extract(page(template), url).text
    assert "working people" in text and "Certificate in subject 0" in text and "Certificate in subject 11" in text
    assert "All our certificates" in text  # a section's own header is no template part
    assert "Section 3" not in text and "All rights reserved" not in text
    # An article in the same template keeps the precise selection: its related box goes.
    related = "".join(f'<li><a href="/r{i}">A related story with a long headline {i}</a></li>' for i in range(8))
    article = template.replace(f'<h1>Programs</h1>{intro}<section><header><h2>All our certificates</h2></header>'
                               f'<div class="grid">{cards}</div></section>',
                               f"<h1>Bridge approved</h1><p>{PROSE}</p><p>{MORE}</p><ul class='more'>{related}</ul>")
    text = wc.extract(page(article), "https://edu.example/news/2024/05/bridge-approved").text
    assert PROSE in text and MORE in text and "related story" not in text and "Section 3" not in text


def test_a_template_is_marked_by_a_header_and_a_nav_on_a_page_of_no_single_article():
    head = '<header><a href="/">Site</a><nav><a href="/a">A</a></nav></header>'
    for body, marked in ((head + "<div><p>x</p></div>", True),
                         (head + "<article><p>x</p></article><article><p>y</p></article>", True),
                         (head + "<article><p>x</p></article>", False),  # one article: the page's story
                         ('<header><a href="/">Site</a></header><div><p>x</p></div>', False)):
        assert _template_marked(parse(f"<html><body>{body}</body></html>".encode())) is marked


def test_modal_dialog_is_not_content():
    consent = ('<div id="cmp-panel"><div role="dialog" aria-modal="true"><h3>Manage consent preferences</h3>'
               + "".join(f"<p>Purpose {i}: your data can be used to select and measure advertising, "
                         f"and to improve products, by partners of this site.</p>" for i in range(12))
               + "</div></div>")
    r = auto(page(f"<article><p>{PROSE}</p><p>{MORE}</p></article>{consent}"))
    assert PROSE in r.text and "consent" not in r.text and "Purpose" not in r.text
    # A dialog by role alone (Bootstrap's modals): an "email this story" form inside <main>.
    email = ('<div class="modal fade" role="dialog" id="email-story"><div class="modal-body">'
             + "".join(f"<p>Your friend's email and your own are used only to send the story, number {i}; "
                       f"neither address will be used for any other purpose.</p>" for i in range(6))
             + "</div></div>")
    r = auto(page(f"<main><article><p>{PROSE}</p><p>{MORE}</p></article>{email}</main>"))
    assert PROSE in r.text and MORE in r.text and "Your friend" not in r.text


def test_link_heavy_listicle_not_reduced_to_its_one_unlinked_corner():
    # An article of linked resources: its link lists outweigh its prose, so
    # the largest net value is a small box elsewhere; the region holding
    # most of the page's prose is the body.
    links = "".join(f'<li><a href="/c{i}">Free course on a subject number {i}</a></li>' for i in range(25))
    sections = "".join(f"<h2>Platform {k}</h2><p>Platform {k} writes: {PROSE} {MORE} {PROSE}</p><ul>{links}</ul>" for k in range(4))
    box = "<div class='box'><p>Opening hours: the office is open on weekdays, from nine to five, except holidays.</p></div>"
    r = auto(page(f"<div class='content'>{sections}</div>{box}"))
    assert "Platform 0 writes" in r.text and "Platform 3 writes" in r.text
    assert "Opening hours" not in r.text


def test_region_of_most_prose_is_never_deeper_than_the_declared_article_body():
    # The story's two paragraphs sit beside a slideshow inside the declared articleBody; the
    # slideshow's long captions hold most of the page's prose and its credited captions make the
    # body's net value negative, so the best subtree is one block: a sliver. The region of most
    # prose stops at the declared body; without the declaration it is the slideshow.
    long_cap = ("Runners line up for heat number {i} of the men's 200 meters at the Olympic Stadium in London "
                "on a cool Thursday evening, while the crowd, which had waited for hours in the rain, rises to "
                "its feet and cheers as the starter raises his pistol; officials said later that the attendance, "
                "at more than eighty thousand, was the largest of the week, and that the track had dried in time.")
    credited = "Runner number {i} crosses the line in the 200 meters at the stadium. (AP Photo/Photographer {i})"
    slides = ("".join(f"<li><p>{long_cap.format(i=i)}</p></li>" for i in range(6))
              + "".join(f"<li><p>{credited.format(i=i)}</p></li>" for i in range(40)))
    story = f"<p>{PROSE}</p><p>{MORE}</p><div><ul>{slides}</ul></div>"
    declared = block_pick_text(parse(page(f'<div><div itemprop="articleBody">{story}</div></div>')))
    assert PROSE in declared and MORE in declared and "AP Photo" not in declared
    undeclared = block_pick_text(parse(page(f"<div><div>{story}</div></div>")))
    assert PROSE not in undeclared and "Runners line up" in undeclared


def test_sentence_with_a_long_link_kept_but_a_linked_headline_line_after_the_text_dropped():
    linked = ('<p><a href="/2016/dna">In June police ordered residents to provide DNA samples and other data</a>'
              ' when applying for travel documents.</p>')
    headline = '<p><a href="/2016/why">Why is there tension between the council and the residents?</a></p>'
    r = auto(page(f"<article><p>{PROSE}</p>{linked}<p>{MORE}</p>{headline}</article>"))
    assert "when applying for travel documents." in r.text and "DNA samples" in r.text
    assert "Why is there tension" not in r.text


def test_link_lines_in_the_running_text_kept():
    # A one-link line or a short list of links between two paragraphs is
    # part of the text as written ("see also" lines inside the story). (The
    # block pick's rule: the arbiter may prefer what both picks keep.)
    line = '<p><a href="/2016/why">Why is there tension between the council and the residents?</a></p>'
    also = ('<ul><li><a href="/a">What the bridge repairs will cost</a></li>'
            '<li>Read more <a href="/p">council profiles</a> - from <a href="/m">Town Monitoring</a></li></ul>')
    text = block_pick(page(f"<article><p>{PROSE}</p>{line}{also}<p>{MORE}</p></article>"))
    assert "Why is there tension" in text
    assert "What the bridge repairs will cost" in text and "council profiles" in text
    assert PROSE in text and MORE in text
    # A timeline of linked events: its "3 March:" dates are not promotion labels.
    timeline = ('<h2>Timeline</h2><ul><li>3 March: <a href="/t1">The council first delays the budget vote</a></li>'
                '<li>11 April: <a href="/t2">Residents petition for the bridge repairs</a></li></ul>')
    text = block_pick(page(f"<article><p>{PROSE}</p>{timeline}<p>{MORE}</p></article>"))
    assert "first delays the budget vote" in text and "petition for the bridge" in text
    # A colon inside a linked headline is not a label either.
    headline = '<ul><li><a href="/h">Bridge repairs: what the council decided</a></li></ul>'
    text = block_pick(page(f"<article><p>{PROSE}</p>{headline}<p>{MORE}</p></article>"))
    assert "Bridge repairs: what the council decided" in text


def test_link_lines_written_as_divisions_are_judged_as_paragraphs():
    # A template that writes its paragraphs as <div>s: a numbered line carrying a long link between
    # two of them is the text's own, as the same line in a <p> is; a long run of link lines is not.
    line = ('<div><strong><font size="4">3. </font></strong>On the same day we also <a href="/x">announced '
            'and released the free edition of the desktop tools</a>.</div>')
    text = block_pick(page(f"<article><div>{PROSE}</div>{line}<div>{MORE}</div></article>"))
    assert "announced and released the free edition" in text and PROSE in text and MORE in text
    run = "".join(f'<div><a href="/s{i}">Another story about the town number {i}</a></div>' for i in range(8))
    text = block_pick(page(f"<article><div>{PROSE}</div>{run}<div>{MORE}</div></article>"))
    assert PROSE in text and MORE in text and "Another story" not in text
    # A division holding blocks is a box, not a line of the text.
    box = '<div><h4>More</h4><ul><li><a href="/m">Why is there tension between the council and them?</a></li></ul></div>'
    text = block_pick(page(f"<article><div>{PROSE}</div>{box}<div>{MORE}</div></article>"))
    assert "Why is there tension" not in text


def test_promotional_link_lines_in_the_running_text_dropped():
    # Between the same two paragraphs: shouted, labelled, call-to-action,
    # button-styled and menu-row link lines stay promotion.
    lines = ('<p><a href="/x">COUNCIL SPENDING ROW EXPLODES: REPORT</a></p>',
             '<p>Related: <a href="/r">The bridge that nobody wants to pay for</a></p>',
             '<p><a href="/l">Learn more about the budget process</a></p>',
             '<p><a href="/s">→ All about the town budget</a></p>',
             '<p><a class="btn btn-link" href="/b">See how the council spends your money</a></p>',
             '<p><a href="/1">Budget 2023</a> | <a href="/2">Budget 2022</a> | <a href="/3">Budget 2021</a></p>',
             # a promotion's label of three words or more, in other languages
             '<p><strong>Lesen Sie auch:</strong> <a href="/r">The bridge that nobody wants to pay for</a></p>',
             '<p>À lire aussi : <a href="/r">The bridge that nobody wants to pay for</a></p>')
    for line in lines:
        r = auto(page(f"<article><p>{PROSE}</p>{line}<p>{MORE}</p></article>"))
        assert PROSE in r.text and MORE in r.text
        assert "<a" in line and not any(w in r.text for w in ("REPORT", "nobody", "process", "town budget",
                                                               "spends", "Budget 20")), line


def test_a_line_opening_with_read_more_in_its_words_is_no_label():
    # "Read more <a>country profiles</a>. ..." has no label's colon: a line of the running text.
    line = ('<p>Read more <a href="/p">country profiles</a>. Profiles compiled by '
            '<a href="/m">the monitoring service</a></p>')
    assert "country profiles" in auto(page(f"<article><p>{PROSE}</p>{line}<p>{MORE}</p></article>")).text


def test_a_sentence_with_three_inline_links_is_no_row_of_links():
    # Three links in a sentence whose own words are most of it: prose, not a menu row.
    linked = ('<p>Yesterday <a href="/we">we</a> opened the <a href="/bridge">new bridge over the river</a> in a '
              '<a href="/party">noisy and happy way</a>, with the town watching.</p>')
    text = " ".join(block_pick(page(f"<article><p>{PROSE}</p>{linked}<p>{MORE}</p></article>")).split())
    assert "opened the new bridge over the river in a noisy" in text and PROSE in text
    # Three links that are most of their line are a row, whatever the words between them.
    row = '<p>See <a href="/1">the budget of 2023</a>, <a href="/2">of 2022</a> and <a href="/3">of 2021</a>.</p>'
    assert "budget of 2023" not in block_pick(page(f"<article><p>{PROSE}</p>{row}<p>{MORE}</p></article>"))


def test_a_paragraph_whose_long_inline_links_are_under_half_of_it_is_prose():
    # Two long links (about 40% of the paragraph), each inside a sentence: the story's opening or
    # closing paragraph, kept (a block is worth its words less its links: positive under half links).
    linked = ('<p>Earlier this week, the paper <a href="/a">reported that the council would delay the vote on the '
              'budget</a> until the spring. It so happens that the same plan was discussed at length at a '
              'meeting where <a href="/b">the treasurer warned about the cost of the bridge</a>.</p>')
    for body in (f"{linked}<p>{PROSE}</p><p>{MORE}</p>", f"<p>{PROSE}</p><p>{MORE}</p>{linked}"):
        text = " ".join(block_pick(page(f"<article>{body}</article>")).split())
        assert "reported that the council would delay the vote" in text and PROSE in text and MORE in text
    # Links that are most of a closing line still make it a row of links.
    row = ('<p><a href="/c">The council delays the budget vote until spring</a> and '
           '<a href="/d">the treasurer warns about the bridge</a>.</p>')
    assert "treasurer warns" not in block_pick(page(f"<article><p>{PROSE}</p><p>{MORE}</p>{row}</article>"))


def test_an_inline_wrapper_of_the_text_is_not_pruned_for_the_links_it_holds():
    # An old page sets its whole story in one <font>, lines broken by <br>, a list of links inside:
    # the story's text belongs to the cell, so the <font> is judged by what it holds, not dropped.
    links = "<ul>" + "".join(f'<li><a href="/s{i}">Section {i}</a></li>' for i in range(6)) + "</ul>"
    body = f"<table><tr><td><font>{PROSE}<br>{MORE}<br>{links}{PROSE}</font></td></tr></table>"
    text = block_pick(page(body))
    assert PROSE in text and MORE in text and "Section 3" not in text


def test_long_run_of_link_lines_between_paragraphs_dropped():
    run = "".join(f'<p><a href="/s{i}">Another story about the town number {i}</a></p>' for i in range(8))
    r = auto(page(f"<article><p>{PROSE}</p>{run}<p>{MORE}</p></article>"))
    assert PROSE in r.text and MORE in r.text and "Another story" not in r.text


DEVICES = ("Amazon Kindle", "Barnes & Noble Nook", "Apple iPad", "Android phones", "Sony Reader", "Kobo eReader")
DEVICE_LINKS = "".join(f'<li><a href="/d{k}">{x}</a></li>' for k, x in enumerate(DEVICES))


def test_a_list_or_table_the_text_introduces_kept_whole():
    # A sentence ending with a colon introduces what follows: a list or a
    # table of links there is the text's own, not a related-links box. Each
    # pick keeps it (before the rule, the propagation pick left both out and
    # the block pick the table; the list is a link line of the running text).
    lead = f"<p>{PROSE} The minutes can be read on the following devices:</p>"
    table = "<table>" + "".join(f'<tr><td><a href="/d{k}">{x}</a></td><td>{k + 2} MB</td></tr>'
                                for k, x in enumerate(DEVICES)) + "</table>"
    for listed in (f"<ul>{DEVICE_LINKS}</ul>", table):
        body = page(f"<article>{lead}{listed}<p>{MORE}</p></article>")
        text = auto(body).text
        assert all(x in text for x in DEVICES) and PROSE in text and MORE in text
        assert all(x in block_pick(body) for x in DEVICES)
        doc = parse(body)
        pick = propagation_pick(doc, doc.measures)
        assert all(x in NodeSelection(doc, pick.root, pick.drop).text() for x in DEVICES)
    # What such a table holds is still cleaned: a form in a data table.
    form = '<tr><th>Device</th><th>Size</th></tr><tr><td><form><input name="email">Your email address</form></td></tr>'
    doc = parse(page(f"<article>{lead}<table>{form}{table[7:]}<p>{MORE}</p></article>"))
    pick = propagation_pick(doc, doc.measures)
    assert "Your email address" not in NodeSelection(doc, pick.root, pick.drop).text()


def _introduces(lead: str, listed: str = f"<ul>{DEVICE_LINKS}</ul>") -> bool:
    """Lists.introduced on the list after ``lead`` (nothing left out)."""
    doc = parse(page(f"<article><p>{PROSE}</p>{lead}{listed}<p>{MORE}</p></article>"))
    i = max(k for k, t in enumerate(doc.tags) if t in ("ul", "table") and doc.parent[k] == doc.tags.index("article"))
    return Lists(doc, doc.measures, ()).introduced(i)


def test_what_introduces_a_list_and_what_does_not():
    assert _introduces("<p>The minutes can be read on the following devices:</p>")
    assert _introduces("<p>The minutes can be read on the following devices:</p><img src=/a.png>")
    assert not _introduces("<p><strong>More in Town News:</strong></p>")  # a label: a few words
    assert not _introduces("<p>You may also like these stories from our archive of council reports:</p>")
    assert not _introduces(f"<p>Sign up for our newsletter. {PROSE} You may also like these stories:</p>")
    assert not _introduces("<h3>The minutes can be read on the following devices:</h3>")  # a heading
    assert not _introduces("<div><p>Teachers said the plan was late.</p><p><strong>Related:</strong></p></div>")
    assert not _introduces("<p>The minutes can be read on the following devices:</p>Thanks for reading.")
    assert not _introduces('<p>More in Town News:<script>var padding = "so long a script";</script></p>')
    # A layout table after a lead-in: its paragraphs, tables or forms say it is not a list.
    for cell in (f"<p>{MORE}</p>", f"<div>{MORE}</div>"):
        layout = f'<table><tr><td><ul>{NAV}</ul></td><td>{cell}</td></tr></table>'
        assert not _introduces("<p>Please read the following notice from the town clerk:</p>", layout)
    # A lead-in the pick left out introduces nothing.
    doc = parse(page(f"<article><p>{PROSE}</p><p>The minutes can be read on the following devices:</p>"
                     f"<ul>{DEVICE_LINKS}</ul></article>"))
    i = doc.tags.index("ul", doc.tags.index("article"))
    gone = bytearray(len(doc))
    gone[doc.parent[i] + 2] = 1  # the lead-in (article, its first <p>, then this one)
    assert doc.tags[doc.parent[i] + 2] == "p" and not Lists(doc, doc.measures, (gone,)).introduced(i)


def test_a_list_after_a_label_or_a_promotion_is_not_introduced():
    # A box's label is a few words ("More in Town News:"); a promotion stays
    # one however long. Their link lists stay out.
    for label in ("<p><strong>More in Town News:</strong></p>",
                  "<p>You may also like these stories from our archive of council reports:</p>"):
        r = auto(page(f"<article><p>{PROSE}</p><p>{MORE}</p>{label}<ul>{DEVICE_LINKS}</ul></article>"))
        assert PROSE in r.text and MORE in r.text and not any(x in r.text for x in DEVICES), label


def test_an_introduced_list_kept_on_a_real_page():
    # "The following issues of the report are available online:" and its list of links.
    rec, body = corpus_page("cleaneval", "cleaneval-final-206")
    for text in (wc.extract(body, rec["url"]).text, block_pick(body)):
        assert "U.S. Medical School Faculty, 2003" in text and "U.S. Medical School Faculty, 1999" in text


def test_a_data_table_kept_whole_a_headerless_link_table_not():
    # A table with a caption or a row of header cells is data (a downloads
    # table, a league table), whatever its links; a related-links box laid
    # out as a table has neither. Both picks keep the data table.
    rows = "".join(f'<tr><td><a href="/d{k}">{x}</a></td><td>{k + 2} MB</td></tr>' for k, x in enumerate(DEVICES))
    for head in ("<tr><th>Device</th><th>Download</th></tr>", "<caption>Downloads</caption>",
                 "<thead><tr><th>Device</th><th>Download</th></tr></thead>"):
        body = page(f"<article><p>{PROSE}</p><table>{head}{rows}</table><p>{MORE}</p></article>")
        text = auto(body).text
        assert all(x in text for x in DEVICES) and PROSE in text and MORE in text, head
        doc = parse(body)
        pick = propagation_pick(doc, doc.measures)
        assert all(x in NodeSelection(doc, pick.root, pick.drop).text() for x in DEVICES), head
    for head in ("", "<tr><th>Device</th><td>Download</td></tr>",  # no header row: links as ever
                 "<tr><th>More stories</th></tr>", '<tr><th colspan="2">Town News</th></tr>'):  # a box's title
        text = auto(page(f"<article><p>{PROSE}</p><table>{head}{rows}</table><p>{MORE}</p></article>")).text
        assert PROSE in text and MORE in text and not any(x in text for x in DEVICES), head


def _auto_text(corpus: str, pid: str, kind: str = "") -> str:
    """``auto``'s text of one page of a shared corpus; with ``kind``, of the page as that probe
    (``page_runs.py --probe``) rewrites it, its charset passed as the scoreboard passes it."""
    rec, body = corpus_page(corpus, pid)
    if not kind:
        return wc.extract(body, rec["url"]).text
    charset = rec.get("http_charset")
    return wc.extract(probe(body, kind, charset, rec["articleBody"]), rec["url"], encoding=charset).text


def test_a_data_table_kept_on_a_real_page():
    # A ranking of states under a header row: its scores were left out.
    rec, body = corpus_page("modern-web", "mw-0157")
    text = wc.extract(body, rec["url"]).text
    assert "80.8" in text and "77.2" in text
    doc = parse(body)
    pick = propagation_pick(doc, doc.measures)
    assert "80.8" in NodeSelection(doc, pick.root, pick.drop).text()


def test_the_propagation_pick_scores_a_paragraph_as_readability_does():
    # readability-lxml and Readability.js: 1, plus the pieces the paragraph's commas part it into,
    # plus a point per 100 characters up to 3; the parent starts from its tag's weight (div: 5).
    sentence = "a" * 50 + ", " + "b" * 49 + ", " + "c" * 50  # 151 characters but spaces, 2 commas
    doc = parse(f"<html><body><div><p>{sentence}</p></div></body></html>")
    pick = propagation_pick(doc, doc.measures)
    assert doc.tags[pick.best] == "div"
    assert pick.score == pytest.approx(5 + 1 + 3 + 1.51)


def test_the_propagation_pick_joins_sibling_divisions_written_as_paragraphs():
    # readability-lxml turns a division holding no block (nor link) into a paragraph before it
    # scores, so such a sibling of the best node joins it as a <p> would: over 80 characters with
    # few links, or a shorter sentence with none. A division holding a link stays a division.
    tail = "The clerk said the council would publish the full minutes of the meeting on Friday morning."
    body = (f'<div><div class="story"><p>{PROSE}</p><p>{MORE}</p></div><div>{tail}</div><div>It was late.</div>'
            f'<div>Follow us: <a href="/follow">on the social sites</a> for the latest news.</div></div>')
    doc = parse(page(body))
    pick = propagation_pick(doc, doc.measures)
    text = NodeSelection(doc, pick.root, pick.drop).text()
    assert PROSE in text and tail in text and "It was late." in text
    assert "Follow us" not in text
    # The same siblings as <p> elements: kept as ever.
    doc = parse(page(body.replace(f"<div>{tail}</div>", f"<p>{tail}</p>")))
    pick = propagation_pick(doc, doc.measures)
    assert tail in NodeSelection(doc, pick.root, pick.drop).text()


def test_hidden_box_dropped_but_a_page_hidden_until_scripts_run_is_read():
    hidden = '<div style="display:none"><p>Please enable cookies to continue. We use them to improve the site.</p></div>'
    r = auto(page(f"<article><p>{PROSE}</p>{hidden}<p>{MORE}</p></article>"))
    assert PROSE in r.text and "enable cookies" not in r.text
    # The whole page styled hidden behind a consent banner: a reader sees it once a script runs.
    wall = '<div class="banner"><p>We value your privacy.</p></div>'
    r = auto(page(f'{wall}<div style="display: none"><article><p>{PROSE}</p><p>{MORE}</p></article></div>'))
    assert PROSE in r.text and MORE in r.text


@pytest.mark.parametrize("cls", ["printonly", "print-only", "visible-print-block", "show-for-print",
                                 "d-none d-print-block"])
def test_a_box_shown_in_print_only_is_out_of_view(cls):
    # A style sheet shows it on paper alone (a print footer, a citation line): a reader on screen never
    # sees it. A class that merely mentions print ("print-button", "noprint") hides nothing.
    note = ("<p>Town News has reported on the valley since 1887, its council, its schools and its harbour, "
            "for readers in every village of the county, and it reports on them still.</p>")
    r = auto(page(f'<article><p>{PROSE}</p><div class="{cls}">{note}</div><p>{MORE}</p></article>'))
    assert PROSE in r.text and MORE in r.text and "since 1887" not in r.text
    for shown in ("noprint", "print-button"):
        r = auto(page(f'<article><p>{PROSE}</p><div class="{shown}"><p>{MORE}</p></div></article>'))
        assert MORE in r.text


def test_a_real_citation_box_shown_in_print_only_is_out_of_view():
    # articles-en-e1c7023e: a "Citation: ..." box classed "d-none d-print-block" closes the story.
    rec, body = corpus_page("articles-en", "e1c7023ee2148901b086256fdd30a0893d10b0720b510d5ff07a021109347266")
    text = wc.extract(body, rec["url"], encoding=rec.get("http_charset")).text
    assert "Citation:" not in text and "fitted with hibernation capsules instead" in text


@pytest.mark.parametrize("hider", ['aria-hidden="true"', "hidden", 'hidden=""', 'class="hidden"',
                                   'class="modal-body d-none"', 'class="is-hidden"'])
def test_hidden_box_dropped_by_both_picks(hider):
    # aria-hidden="true", the hidden attribute and a class that hides (Bootstrap's "d-none",
    # Tailwind's and Bootstrap 3's "hidden") keep a box out of view (a locked-post notice, a
    # duplicate menu): both the block pick and the propagation pick leave it out.
    notice = ("<p>This post is locked. Become an author to reply, and share your views with everyone, "
              "today and every day, on every story of the site.</p>")
    body = f'<div class="story"><p>{PROSE}</p><p>{MORE}</p><div {hider}>{notice}</div></div>'
    assert "This post is locked" not in auto(page(body)).text
    assert "This post is locked" not in block_pick(page(body))
    doc = parse(page(body))
    pick = propagation_pick(doc, doc.measures)
    assert "This post is locked" not in NodeSelection(doc, pick.root, pick.drop).text()


@pytest.mark.parametrize("panel", ['role="tabpanel" hidden', 'role="region" hidden', 'hidden="until-found"',
                                   'hidden id="S:2"', 'hidden id="S:1e"', 'class="hidden md:block"', 'class="d-none d-lg-block"'])
def test_hidden_panels_a_reader_opens_or_a_wide_screen_shows_are_read(panel):
    # A tab's or an accordion's panel, a section folded until the page's search finds it, a part
    # of a streamed React page parked until a script moves it in, a block hidden on small screens
    # only: text of the page.
    body = f'<div class="story"><p>{PROSE}</p><p>{MORE}</p><div {panel}><p>Second tab. {MORE2}</p></div></div>'
    assert "Second tab." in auto(page(body)).text


@pytest.mark.parametrize("hider", ["hidden", 'class="hidden"'])
def test_a_hidden_panel_after_its_toggle_button_is_read(hider):
    # An FAQ's answers folded under their questions (mw-0713: a <button> before each): the page's text.
    faq = "".join(f'<div><button type="button"><h3>{q}?</h3></button><div {hider}><p>{a}</p></div></div>'
                  for q, a in (("Why did the council close the bridge", MORE), ("When does it open again", MORE2)))
    r = auto(page(f'<article><h1>The bridge</h1><p>{PROSE}</p>{faq}</article>'))
    assert MORE in r.text and MORE2 in r.text
    # The same answers without their buttons: out of view.
    r = auto(page(f'<article><h1>The bridge</h1><p>{PROSE}</p>{faq.replace("<button", "<div").replace("</button", "</div")}'
                  "</article>"))
    assert PROSE in r.text and MORE not in r.text


def test_a_hidden_block_set_in_real_stories_is_dropped():
    # The hidden probe: a block hidden by the attribute or a class, its prose the story's own
    # third and fourth paragraphs enciphered, after the second paragraph.
    text = _auto_text("dragnet", "dragnet-R882", "hidden")
    assert "Gur " not in text and "gur " not in text and len(text) > 1000


@pytest.mark.parametrize("control", ["Back to top", "(Back to top)", "Click to expand...", "Read more »",
                                     "Learn More", "12 likes", "Advertisement", "Share:", "Like this:",
                                     "TrackBack", "No TrackBacks", "Trackback Pings", "Post a Comment",
                                     "Remember personal info?", "Enlarge this image", "1 of 12", "Comments (5)",
                                     "Responses (12)", "Text size", "UP NEXT"])
def test_controls_inside_the_body_dropped_code_and_table_cells_kept(control):
    # A block whose whole text is a button's or a widget's label is a control
    # of the page, whichever pick chose the body; code and table cells are not.
    code = "<pre>print()</pre>"
    table = "<table><tr><th>Email</th><th>Phone</th></tr><tr><td>council@example.com</td><td>555</td></tr></table>"
    r = auto(page(f"<article><p>{PROSE}</p><div>{control}</div><p>{MORE}</p>{code}{table}</article>"))
    assert PROSE in r.text and MORE in r.text
    assert control not in r.text
    assert "print()" in r.text and "Email" in r.text
    # A sentence that starts like a control is text.
    r = auto(page(f"<article><p>{PROSE}</p><p>Print works showing the old bridge are on show at the library.</p><p>{MORE}</p></article>"))
    assert "Print works showing" in r.text


@pytest.mark.parametrize("control", ["Back to top", "Skip to content", "Learn more", "3 Comments"])
def test_a_control_link_on_a_line_of_its_own_dropped_inside_a_sentence_kept(control):
    # A link (or button) whose text is a control's label and that stands on a line of its own, loose in
    # its block (a "Back to top" link at the end of a section, "Skip to content" before the header), is a
    # control as a block of that text is; the same words linked inside a sentence are text.
    loose = f'<article><a href="#top">{control}</a><p>{PROSE}</p><p>{MORE}</p><a href="#top">{control}</a></article>'
    r = auto(page(loose))
    assert PROSE in r.text and MORE in r.text and control not in r.text
    # What renders nothing (a script, <noscript>) does not join it to a line.
    hidden = (f'<article><noscript><img src="/t.gif"></noscript> <a href="#top">{control}</a> <script>var x = 1;</script>'
              f'<p>{PROSE}</p><p>{MORE}</p></article>')
    assert control not in auto(page(hidden)).text
    # Nor does an element that renders no text (an icon, an empty custom element)...
    iconed = (f'<article><site-banner></site-banner> <a href="#top">{control}</a><i class="icon"></i>'
              f'<p>{PROSE}</p><p>{MORE}</p></article>')
    assert control not in auto(page(iconed)).text
    # ...though text after it is on the control's line.
    tailed = (f'<article><p>{PROSE}</p><p>{MORE}</p><div><a href="/x">{control}</a><i class="icon"></i> about '
              "the plan in the council's own report, published last week with the minutes.</div></article>")
    assert f"{control} about the plan" in auto(page(tailed)).text
    # Its label is read as shown: an icon's <svg><title> inside the link is not part of it, a
    # no-break space is a space.
    words = control.split(" ", 1)
    shown = "&nbsp;".join(words)
    iconic = (f'<article><p>{PROSE}</p><p>{MORE}</p><a href="#top"><svg><title>Arrow icon</title>'
              f'<path d="M0 0"/></svg>{shown}</a></article>')
    text = auto(page(iconic)).text
    assert MORE in text and control not in text and "Arrow icon" not in text
    # In an inline wrapper that shows nothing else (an old page's <font> round the link), the
    # wrapper's line is the control's.
    wrapped = f'<article><p>{PROSE}</p><p>{MORE}<br><font size="1"><a href="#top">{control}</a></font></p></article>'
    text = auto(page(wrapped)).text
    assert MORE in text and control not in text
    # A line may end inside an inline neighbour: prose in a <font> that ends in <br> before the control, an
    # element that is no block by its tag but holds blocks after it (a web component's panel).
    ended = f'<article><p>{PROSE}</p><p><font>{MORE}<br></font><a href="#top">{control}</a></p></article>'
    assert control not in auto(page(ended)).text
    panel = f'<article><a href="#main">{control}</a><x-panel><div>{PROSE}</div></x-panel><p>{MORE}</p></article>'
    text = auto(page(panel)).text
    assert PROSE in text and control not in text
    begun = (f'<article><p>{PROSE}</p><p>{MORE}</p><div><a href="/x">{control}</a><font> about the plan in the '
             "council's own report, published last week with the minutes.<br></font></div></article>")
    assert f"{control} about the plan" in auto(page(begun)).text
    shared = (f'<article><p>{PROSE}</p><p>{MORE}</p><div><font size="1"><a href="/x">{control}</a> about the '
              "plan in the council's own report, published last week with the minutes.</font></div></article>")
    assert f"{control} about the plan" in auto(page(shared)).text
    inline = f'<article><p>{PROSE}</p><p>{MORE} Readers can <a href="/x">{control.lower()}</a> here.</p></article>'
    assert f"can {control.lower()} here" in auto(page(inline)).text
    # Beside text in its block (not a line of its own), it is left where it is.
    beside = (f'<article><p>{PROSE}</p><p>{MORE}</p><div><a href="/x">{control}</a> about the plan in the '
              "council's own report, published last week with the minutes of the meeting.</div></article>")
    assert f"{control} about the plan" in auto(page(beside)).text


def test_labels_of_typed_fields_dropped_options_kept():
    # A form inside the body: the block around a field one types into holds that field's label
    # ("Name (required)", "Website"), not text. A product's options (radio buttons, a list to
    # choose from) are its text. (A form around a message field, a <textarea>, goes whole: a
    # comment form, test_a_comment_forms_choices_go_with_it.)
    form = ('<form><p><input type="text" name="author"> <label>Name (required)</label></p>'
            '<p><label>Website</label> <input name="url"></p><p><label>Comment</label><input name="c"></p>'
            '<p><input type="hidden" name="post" value="7">Hidden field note</p>'
            '<div><label><input type="radio" name="colour"> Velvet Olive</label></div>'
            '<div>Seat <select><option>Two</option></select></div></form>')
    r = auto(page(f"<article><p>{PROSE}</p><p>{MORE}</p>{form}</article>"))
    assert PROSE in r.text and MORE in r.text
    assert "Name (required)" not in r.text and "Website" not in r.text and "Comment" not in r.text
    assert "Hidden field note" in r.text and "Velvet Olive" in r.text and "Seat" in r.text
    # A long block beside a field is text (a question above its answer box).
    question = f"<p>{MORE} <input type='text' name='answer'></p>"
    assert "revised plan" in auto(page(f"<article><p>{PROSE}</p>{question}</article>")).text


def test_a_comment_forms_choices_go_with_it():
    # Blog software's comment forms offer choices ("Remember personal info? Yes No", "Notify me of
    # new comments: All, Replies to mine"): the form goes whole all the same.
    form = ('<form><h3>Post new comment</h3><p><label>Your name:</label> <input name="author"></p>'
            '<p>The content of this field is kept private and will not be shown publicly.</p>'
            '<p><label>Comment:</label><textarea></textarea></p><p>Notify me when new comments are posted</p>'
            '<label><input type="radio" name="n"> All comments</label>'
            '<label><input type="radio" name="n"> Replies to my comment</label>'
            '<p>Remember me? <select><option>Yes</option><option>No</option></select></p></form>')
    text = auto(page(f"<article><p>{PROSE}</p><p>{MORE}</p>{form}</article>")).text
    assert PROSE in text and MORE in text
    assert not any(s in text for s in ("kept private", "Notify me", "All comments", "Remember me"))


@pytest.mark.parametrize("names", [("hide-on-mobile", "hide-on-desktop"), ("desktop", "mobile"),
                                   ("ssr-variant hidden-a1", "ssr-variant hidden-b2"), ("d-none d-md-block", "d-md-none"),
                                   ("post-preview is-hidden", "post")])
def test_screen_size_copies_kept_once(names):
    # A page builder writes a block once per screen size and a style sheet
    # shows one: the text is returned once. A quote the story repeats
    # (no copy's name) stays twice, as the page shows it, and so does a
    # block named for one screen size whose text is nowhere else.
    first, second = names
    only = PROSE.replace("council", "committee")
    body = (f'<div class="story"><h1>Budget vote delayed</h1><div class="{first}"><p>{PROSE}</p></div>'
            f'<div class="{second}"><p>{PROSE}</p></div><p>{MORE}</p><blockquote><p>{MORE}</p></blockquote>'
            f'<div class="{second}"><p>{only}</p></div></div>')
    text = auto(page(body)).text
    assert text.count(PROSE) == 1 and text.count(MORE) == 2 and only in text


def test_list_in_table_cell_kept():
    table = ("<table><tr><th>Item</th><th>Details</th></tr><tr><td>Bridge</td>"
             "<td><ul><li>new railings</li><li>resurfacing</li></ul></td></tr></table>")
    r = auto(page(f"<article><p>{PROSE}</p>{table}<p>{MORE}</p></article>"))
    assert "new railings" in r.text and "resurfacing" in r.text
    assert "| Bridge | new railings; resurfacing |" in r.markdown


def test_pre_whitespace_kept():
    code = "def budget(x):\n    if x > 0:\n        return x * 2\n    return 0"
    r = auto(page(f"<article><p>{PROSE}</p><pre><code>{code}</code></pre><p>{MORE}</p></article>"))
    assert code in r.text
    assert "```\n" + code + "\n```" in r.markdown


def test_highlighted_code_comments_kept():
    # Syntax highlighters name their spans after the syntax: "hljs-comment"
    # (highlight.js), "token comment" (Prism). Inside code that is not a
    # comment thread, while the same class outside code still is.
    code = ('<pre><code class="language-bash hljs"><span class="hljs-comment"># clone the repository</span>\n'
            'git clone URL\n<span class="token comment"># view the state</span>\ngit status</code></pre>')
    thread = '<div class="comment"><p>First! Great post, thanks for sharing it with us all.</p></div>'
    r = auto(page(f"<article><p>{PROSE}</p>{code}<p>{MORE}</p>{thread}</article>"))
    assert "# clone the repository\ngit clone URL\n# view the state\ngit status" in r.text
    assert "First!" not in r.text


def test_short_valid_page_not_empty():
    r = auto(b"<html><head><title>Notice</title></head><body><h1>Office closed</h1>"
             b"<p>The office is closed on Monday.</p></body></html>")
    assert "The office is closed on Monday." in r.text


def test_body_only_in_json_ld():
    ld = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Budget vote delayed",
          "articleBody": PROSE + "\n" + MORE, "datePublished": "2024-03-05T10:00:00Z"}
    body = page('<div id="app">Loading…</div>',
                head=f'<title>Budget vote delayed</title><script type="application/ld+json">{json.dumps(ld)}</script>')
    r = auto(body)
    assert PROSE in r.text and MORE in r.text
    assert r.date == "2024-03-05"


def test_body_only_in_json_ld_as_markup_is_read_as_text():
    # Some sites state their article body as the HTML they show: its tags are taken out, a line
    # ends at each paragraph, its character references are read.
    markup = f'<p class="lead">{PROSE}</p>\r\n<p>{MORE.replace("teachers", "<b>teachers</b>&nbsp;&amp; staff")}</p>'
    ld = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Budget vote delayed",
          "articleBody": markup}
    body = page('<div id="app">Loading…</div>',
                head=f'<title>Budget vote delayed</title><script type="application/ld+json">{json.dumps(ld)}</script>')
    text = auto(body).text
    assert PROSE in text.split("\n") and "teachers & staff were worried" in text
    assert "<" not in text and "&nbsp;" not in text
    # Plain text that holds "<" is left as it is.
    ld["articleBody"] = PROSE + " In the vote, 5 < 7 and 9 > 3. " + MORE
    body = page('<div id="app">Loading…</div>',
                head=f'<title>Budget vote delayed</title><script type="application/ld+json">{json.dumps(ld)}</script>')
    assert "5 < 7 and 9 > 3" in auto(body).text


def test_metadata_sources_rank_in_a_fixed_order():
    # A declared article's JSON-LD author outranks microdata; a weak JSON-LD
    # type (WebPage) ties with microdata on the date, and microdata wins the tie.
    ld = {"@context": "https://schema.org", "@type": "NewsArticle", "author": {"name": "Ann Lee"}}
    weak = {"@context": "https://schema.org", "@type": "WebPage", "datePublished": "2020-01-01"}
    head = (f'<title>T</title><script type="application/ld+json">{json.dumps(ld)}</script>'
            f'<script type="application/ld+json">{json.dumps(weak)}</script>')
    micro = ('<span itemprop="author">Bob Byline</span>'
             '<span itemprop="datePublished" content="2021-02-02">Feb 2</span>')
    r = auto(page(f"<article>{micro}<p>{PROSE}</p></article>", head=head))
    assert r.author == "Ann Lee"
    assert r.date == "2021-02-02"
    # Without the JSON-LD author, microdata's is taken; a <meta> author outranks both.
    r = auto(page(f"<article>{micro}<p>{PROSE}</p></article>"))
    assert r.author == "Bob Byline"
    r = auto(page(f"<article>{micro}<p>{PROSE}</p></article>",
                  head='<title>T</title><meta name="author" content="Meta Name">'))
    assert r.author == "Meta Name"


def test_title_suffix_stripped_but_legitimate_colon_kept():
    r = auto(page(f"<article><p>{PROSE}</p></article>",
                  head="<title>Brexit: what the deal means | BBC News</title>"
                       '<meta property="og:site_name" content="BBC News">'))
    assert r.title == "Brexit: what the deal means"
    assert strip_site_suffix("Budget vote delayed – Town News") == "Budget vote delayed"
    assert strip_site_suffix("Town News: Budget vote", "Town News") == "Budget vote"
    assert strip_site_suffix("Python 3.12: what is new") == "Python 3.12: what is new"
    assert strip_site_suffix("Budget vote delayed_网易财经") == "Budget vote delayed"


def test_title_heading_not_repeated_in_text():
    r = auto(page(f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p><h2>What next</h2><p>{MORE}</p></article>"))
    assert r.title == "Budget vote delayed"
    assert "Budget vote delayed" not in r.text
    assert "What next" in r.text


def test_published_date_not_modified():
    head = ('<title>T</title><meta property="article:modified_time" content="2024-06-01T00:00:00Z">'
            '<meta property="article:published_time" content="2024-03-05T08:00:00+01:00">')
    r = auto(page(f"<article><p>{PROSE}</p></article>", head=head))
    assert r.date == "2024-03-05"
    head = '<title>T</title><meta property="article:modified_time" content="2024-06-01T00:00:00Z">'
    assert auto(page(f"<article><p>{PROSE}</p></article>", head=head)).date is None


def test_metadata_fields():
    head = ('<title>Budget vote delayed - Town News</title><meta name="author" content="Ann Lee">'
            '<meta name="description" content="The vote is off.">'
            '<link rel="canonical" href="/2024/budget-vote">'
            '<meta property="og:site_name" content="Town News">')
    r = wc.extract(page(f"<article><p>{PROSE}</p></article>", head=head).replace(b"<html>", b'<html lang="en-GB">'),
                   "https://news.example.com/x?utm=1")
    assert (r.author, r.description, r.sitename, r.language) == ("Ann Lee", "The vote is off.", "Town News", "en")
    assert r.canonical_url == "https://news.example.com/2024/budget-vote"
    assert r.title == "Budget vote delayed"


def test_lazy_lead_image():
    r = auto(page(f'<article><img src="data:image/gif;base64,R0lGOD" data-src="/img/bridge.jpg"><p>{PROSE}</p>'
                  f"</article>", head="<title>T</title>"))
    assert r.image == "https://news.example.com/img/bridge.jpg"


def test_hub_page_not_returned_as_link_soup():
    links = "".join(f'<li><a href="/n{i}">News item {i}</a></li>' for i in range(40))
    r = auto(page(f'<div class="index"><ul>{links}</ul></div>'))
    assert r.text.count("News item") < 5


def test_chinese_portal_footer_longer_than_short_paragraphs():
    paras = "".join(f"<p>{s}</p>" for s in (
        "国家统计局今天发布数据，上月居民消费价格同比上涨百分之二。",
        "其中，食品价格上涨百分之三，非食品价格上涨百分之一。",
        "专家表示，物价总体保持平稳，全年目标有望实现。",
    ))
    footer = ("<div class='foot'><p>本网站所有内容，未经授权不得转载。版权所有，违者必究。关于我们，联系我们，"
              "广告服务，网站地图，法律声明，隐私政策，招聘信息，意见反馈，友情链接，帮助中心，全国客服热线，"
              "违法和不良信息举报电话，网络文化经营许可证，增值电信业务经营许可证。</p></div>")
    body = (f"<html><head><title>物价平稳_财经频道</title></head><body><div class='nav'>{NAV}</div>"
            f"<div class='main'><h1>物价平稳</h1>{paras}</div>{footer}</body></html>")
    r = wc.extract(body.encode("gb18030"), encoding="gb18030")
    assert "国家统计局今天发布数据" in r.text and "全年目标有望实现" in r.text
    assert "版权所有" not in r.text
    assert r.title == "物价平稳"


def test_a_chinese_call_to_read_the_rest_is_boilerplate():
    # A paywall's line or a collapsed story's button ("展开全文") closes the paragraphs: never the story.
    paras = "".join(f"<p>{s}</p>" for s in (
        "国家统计局今天发布数据，上月居民消费价格同比上涨百分之二，涨幅比前一个月回落零点一个百分点。",
        "其中，食品价格上涨百分之三，非食品价格上涨百分之一，服务价格与上月持平。",
        "专家表示，物价总体保持平稳，全年目标有望实现，但要关注国际大宗商品价格的波动。",
    ))
    for call in ("本文仅限会员阅读，订阅后即可查看全文。", "展开全文", "开通会员，畅享付费阅读"):
        body = (f"<html><head><title>物价平稳_财经频道</title></head><body><div><h1>物价平稳</h1>"
                f"{paras}<p>{call}</p></div></body></html>")
        text = wc.extract(body.encode()).text
        assert "全年目标有望实现" in text and call not in text, call
        assert _piece_mark(call, linked=False) == _MARK_PROMO, call
    assert not _piece_mark("他说，这份报告的全文将在下周公布。", linked=False)


def test_a_chinese_sentence_that_names_a_promotion_is_prose_a_call_is_not():
    # As in English: a sentence (20 Chinese characters say as much as 60 Latin ones) whose promotion
    # phrase neither opens it nor a clause, and that does not speak to the reader (你, 您, 我们, 本文).
    prose = ["该平台表示，用户开通会员后可以免费观看所有节目，目前已有两千万人付费。",
             "越来越多的媒体开始尝试付费阅读模式，但读者的接受程度仍然有限。",
             "据相关新闻报道，这座大桥将于明年三月重新通车。",
             "警方提醒，不要随意添加陌生公众号，以免上当受骗。"]
    calls = ["欢迎扫描下方二维码关注我们的微信公众号，获取更多精彩内容。", "本文为付费阅读内容，开通会员后可阅读全文。",
             "扫一扫，关注公众号。", "相关新闻"]
    for line in prose:
        assert not _piece_mark(line, linked=False), line
    for line in calls:
        assert _piece_mark(line, linked=False) == _MARK_PROMO, line
    _zh_lines_kept_and_left_out(prose, calls[:3])


def test_a_chinese_story_ending_in_its_copyright_line_as_loose_text_is_the_story():
    # As in English: the block's sentences (parted at "。", no space after it) that carry the notice hold
    # little of it; a block of 100 Chinese characters is judged so, as one of 300 Latin ones is.
    story = ("国家统计局今天发布数据，上月居民消费价格同比上涨百分之二，涨幅比前一个月回落零点一个百分点。"
             "其中，食品价格上涨百分之三，非食品价格上涨百分之一。",
             "专家表示，物价总体保持平稳，全年目标有望实现，但要关注国际大宗商品价格的波动。“下半年物价仍将保持温和上涨的态势。”他说。")
    line = "本文版权所有，未经授权不得转载。"
    for opening, kept in (("", True), ("版权声明：", False)):
        body = (f"<html><head><title>物价平稳_财经频道</title></head><body><div class='story'><h3>物价平稳</h3>"
                f"<div>{opening}{story[0]}<br><br>{story[1]}<br><br>{line}</div></div></body></html>")
        assert (story[0] in block_pick(body.encode())) == kept, opening


def test_chinese_labels_and_credits_read_as_a_story_s_words_are_prose():
    # A notice's label, an editor's byline or a picture's credit goes on with a colon, a space, a name
    # or nothing; followed by a sentence's next character, or inside a word (地图/), they are its words.
    prose = ["市政府在免责声明中强调，这份报告仅供参考，不构成任何投资建议。",
             "责任编辑的职责是审核稿件，确保新闻报道的准确性。",
             "他说，这张图片来源于一位摄影爱好者，拍摄于去年冬天。",
             "他是这幅作品的版权所有人，拥有这幅作品的全部权利。",
             "这款导航应用的地图/路线功能广受好评，下载量突破千万。"]
    labels = ["免责声明：本网站所载文章仅代表作者观点，不代表本站立场。", "责任编辑：王五", "（责任编辑 王五）",
              "图片来源于网络，如有侵权请联系删除。", "（图/新华社）", "本站版权所有，未经许可不得转载。",
              "版权声明：本文为原创文章，转载请注明出处。"]
    for line in prose:
        assert not _piece_mark(line, linked=False), line
    for line in labels:
        assert _piece_mark(line, linked=False), line
    _zh_lines_kept_and_left_out(prose, labels)


def _zh_lines_kept_and_left_out(kept: list[str], left_out: list[str]) -> None:
    """Each line a paragraph of a Chinese story, between two of its paragraphs: the block pick keeps
    those of ``kept`` and leaves out those of ``left_out``."""
    story = ("国家统计局今天发布数据，上月居民消费价格同比上涨百分之二，涨幅比前一个月回落零点一个百分点。",
             "专家表示，物价总体保持平稳，全年目标有望实现，但要关注国际大宗商品价格的波动。")
    for line in (*kept, *left_out):
        body = (f"<html><head><title>物价平稳_财经频道</title></head><body><div><h1>物价平稳</h1>"
                f"<p>{story[0]}</p><p>{line}</p><p>{story[1]}</p></div></body></html>")
        text = block_pick(body.encode())
        assert story[0] in text and (line in text) == (line in kept), line


def test_markdown_structure():
    body = page(f"<article><h2>Background</h2><p>{PROSE} See <a href='/report'>the report</a>.</p>"
                "<ol><li>first point, stated</li><li>second point, stated</li></ol>"
                f"<blockquote><p>{MORE}</p></blockquote></article>")
    md = auto(body).markdown
    assert "## Background" in md
    assert "[the report](/report)" in md
    assert "1. first point, stated\n2. second point, stated" in md
    assert "> " + MORE.split(".")[0] in md


def test_deterministic_and_bad_input():
    body = page(f"<article><p>{PROSE}</p></article>")
    assert auto(body).to_dict() == auto(body).to_dict()
    for bad in (b"", b"\x00\x00", b"<html>", b"{\"json\": 1}", "<p>only</p>"):
        r = wc.extract(bad)
        assert isinstance(r.text, str) and isinstance(r.markdown, str)


def test_min_text_falls_back_to_the_whole_page():
    body = page(f"<article><p>{PROSE}</p></article><div class='sidebar'><p>Opening hours: 9 to 5.</p></div>")
    assert "Opening hours" not in auto(body).text
    r = auto(body, min_text=100_000)
    assert "Opening hours" in r.text and PROSE in r.text


def test_invalid_option_rejected():
    with pytest.raises(wc.InvalidOptionError):
        auto(page("<p>x</p>"), favor="everything")


def test_real_bbc_page(bbc_page):
    r = wc.extract(bbc_page, "https://www.bbc.com/news/article")
    assert len(r.text) > 1000
    assert "Share this" not in r.text and "Copyright" not in r.text
    assert r.title and "BBC" not in r.title


def test_real_netease_gbk_page(netease_page):
    r = wc.extract(netease_page, "https://money.163.com/article.html")
    assert len(r.text) > 300
    assert "网易公司版权所有" not in r.text
    assert r.markdown.strip()


def test_blog_software_post_footer_is_boilerplate():
    # The sentences blog software prints under every post ("This entry was
    # posted on ... You can follow any responses to this entry through the
    # RSS 2.0 feed") are boilerplate; prose that asks readers to comment is not.
    footer = ("This entry was posted on Friday, November 9th, 2012 at 5:30 pm and is filed under Gadgets. "
              "You can follow any responses to this entry through the RSS 2.0 feed.")
    ask = "If you have a favourite bridge of your own, leave a comment and tell us why it matters to you."
    text = block_pick(page(f"<article><p>{PROSE}</p><p>{ask}</p><p>{MORE}</p><p>{footer}</p></article>"))
    assert PROSE in text and MORE in text and ask in text
    assert "This entry was posted" not in text
    # Movable Type and TypePad print a trackback section under the post.
    trackback = ("<h3>TrackBack</h3><p>TrackBack URL for this entry:<br>"
                 "http://www.typepad.com/services/trackback/6a00d8341c6b5453ef017d3cc47a41970c</p>"
                 "<p>Listed below are links to weblogs that reference Budget vote delayed:</p>")
    text = block_pick(page(f"<article><p>{PROSE}</p><p>{MORE}</p>{trackback}</article>"))
    assert PROSE in text and MORE in text
    assert "TrackBack URL" not in text and "Listed below are links" not in text


@pytest.mark.parametrize("name", ["author-info", "author_info", "authorinfo", "about-author-new", "wp-about-author-text",
                                  "bio", "contributor-bio", "bio-box"])
def test_an_author_box_is_furniture_by_its_name(name):
    # Themes' and plugins' names for the writer's box under a post, whatever its words.
    bio = ("Anna has written for the town paper since 2015 and lives by the river with two cats, "
           "a canoe and far too many books about bridges.")
    text = wc.extract(page(f"<article><p>{PROSE}</p><p>{MORE}</p><div class='{name}'><p>{bio}</p></div></article>")).text
    assert PROSE in text and MORE in text and "two cats" not in text


def test_a_trackback_section_is_furniture_by_its_name_in_any_language():
    # TypePad's and WordPress's names for it ("trackbacks", "pingbacks"), whatever words the blog writes.
    section = ('<div class="{}"><h3>TrackBack</h3><p>TrackBack-URL für diesen Eintrag:<br>'
               "http://www.typepad.com/services/trackback/6a00d8341c6b5453ef017d3cc47a41970c</p>"
               '<p>Folgende Weblogs beziehen sich auf <a href="/2012/11/haushalt.html">Haushalt vertagt</a>:</p></div>')
    for name in ("trackbacks", "pingbacks", "post-trackback"):
        text = wc.extract(page(f"<article><p>{GERMAN}</p><p>{GERMAN}</p>{section.format(name)}</article>")).text
        assert GERMAN in text and "Weblogs beziehen sich" not in text and "TrackBack-URL" not in text


#: A paragraph of German prose, for the rules on other languages.
GERMAN = ("Der Stadtrat hat am Dienstag über den neuen Haushalt beraten, doch eine Entscheidung blieb aus. "
          "Die Fraktionen konnten sich nicht auf die Höhe der Investitionen in Schulen und Straßen einigen.")


@pytest.mark.parametrize("credit", ["Photo: Reuters", "Foto: dpa", "Bild: Keystone", "Crédit photo : AFP",
                                    "Imagen: EFE", "Beeld: ANP", "(Foto: Ansa)", "Image source: Getty Images.",
                                    "Bildquelle: dpa", "Photo source: Reuters"])
def test_photo_credits_in_other_languages_are_boilerplate(credit):
    # A photo's credit line under its image, in the story's flow: the English rule's words in the
    # languages of the box labels. A sentence that opens with such a word is prose.
    text = auto(page(f"<article><p>{GERMAN}</p><figure><img src='/a.jpg'></figure><p>{credit}</p>"
                     f"<p>{GERMAN}</p><p>Bildung: {GERMAN}</p></article>")).text
    assert GERMAN in text and "Bildung:" in text
    assert credit not in text


@pytest.mark.parametrize("label", ["Ähnliche Beiträge", "Über den Autor", "Rezept drucken", "À lire aussi",
                                   "Artículos relacionados", "Leggi anche", "Leia também", "About the author",
                                   "Print this Recipe", "Rate this recipe", "Pin Recipe", "Jump to Recipe",
                                   "Über die Autorin", "Sull'autore", "Sobre la autora", "Over de schrijver",
                                   "Verwandte Artikel", "Articles liés", "Você também pode gostar", "Meistgelesen",
                                   "Les plus lus", "Lo más leído", "I più letti", "Mais lidas", "Meest gelezen"])
def test_box_labels_in_other_languages_are_boilerplate(label):
    text = auto(page(f"<article><p>{GERMAN}</p><p>{GERMAN}</p><h3>{label}</h3><p>{GERMAN}</p></article>")).text
    assert GERMAN in text
    assert label not in text


def test_most_read_in_a_sentence_is_prose_as_a_label_it_is_not():
    # "Most read" in German and French heads a box of headlines; inside a sentence of 60 characters or
    # more, reporting on books, it is the sentence's words.
    lines = ["Die meistgelesenen Bücher des Jahres stammen alle von Autorinnen aus der Region, sagte sie.",
             "Parmi les livres les plus lus cette année, trois racontent l'histoire du pont et de la ville."]
    _lines_kept_and_left_out(lines, ["Meistgelesen", "Les plus lus", "Meest gelezen"])


@pytest.mark.parametrize("notice", ["Términos de uso", "Termini di utilizzo", "Gebruiksvoorwaarden",
                                    "Sie müssen angemeldet sein, um einen Kommentar abzugeben.",
                                    "Vous devez être connecté pour publier un commentaire.",
                                    "Debes iniciar sesión para publicar un comentario.",
                                    "Devi essere connesso per inviare un commento.",
                                    "Você precisa fazer login para publicar um comentário.",
                                    "Je moet ingelogd zijn om een reactie te plaatsen.",
                                    "Abilita JavaScript per vedere i commenti.", "Ative o JavaScript para ver os comentários.",
                                    "Schakel JavaScript in om de reacties te zien."])
def test_terms_javascript_and_log_in_notices_in_other_languages_are_boilerplate(notice):
    # As "Terms of use", "Please enable JavaScript" and "You must be logged in to post a comment" are;
    # having to be registered for something else is a sentence's words.
    _lines_kept_and_left_out(["Man muss angemeldet sein, um bei der Wahl im Mai seine Stimme abgeben zu können."],
                             [notice])


@pytest.mark.parametrize("call", ["Follow us on Twitter", "Folgen Sie uns auf Twitter", "Folge uns bei Instagram",
                                  "Suivez-nous sur Facebook", "Síguenos en Twitter", "Seguici su Facebook",
                                  "Siga-nos no Instagram", "Volg ons op Twitter"])
def test_a_call_to_follow_the_site_is_promotion_in_every_listed_language(call):
    # "Follow us on ..." under a story counts against it in English; the same call in German, French,
    # Spanish, Italian, Portuguese and Dutch does too.
    _lines_kept_and_left_out(["Die Fraktionen folgen dem Vorschlag des Bürgermeisters nur zum Teil, sagte er."], [call])


@pytest.mark.parametrize("notice", [
    "Dieser Beitrag enthält Affiliate-Links. Wenn du darüber etwas kaufst, erhalte ich eine kleine Provision.",
    "Cet article contient des liens affiliés : si vous achetez via ces liens, je touche une commission.",
    "Este artículo contiene enlaces de afiliados. Si compras a través de ellos, recibo una comisión.",
    "Questo articolo contiene link di affiliazione: se acquisti tramite questi link ricevo una commissione.",
    "Este post contém links de afiliados. Se você comprar por meio deles, recebo uma pequena comissão.",
    "Dit artikel bevat affiliatelinks. Als je via deze links iets koopt, ontvang ik een kleine commissie.",
    "As an Amazon Associate I earn from qualifying purchases.",
    "This post contains affiliate links. If you buy something through them, I earn a small commission.",
    # Amazon's programmes' own wording in German, French, Spanish, Italian and Portuguese, and a German
    # advertising label in a sentence.
    "Als Amazon-Partner verdiene ich an qualifizierten Verkäufen.",
    "En tant que Partenaire Amazon, je réalise un bénéfice sur les achats remplissant les conditions requises.",
    "En calidad de Afiliado de Amazon, obtengo ingresos por las compras adscritas que cumplen los requisitos.",
    "In qualità di Affiliato Amazon, io ricevo un guadagno dagli acquisti idonei.",
    "Como associado da Amazon, recebo por compras qualificadas.",
    "Transparenz: Dieser Beitrag enthält Werbung."])
def test_affiliate_disclosures_are_boilerplate(notice):
    # A blog's affiliate disclosure, in the languages of the box labels; a paragraph
    # of 300 characters or more that talks about affiliate links is prose.
    text = auto(page(f"<article><p><em>{notice}</em></p><p>{GERMAN}</p><p>{GERMAN}</p></article>")).text
    assert GERMAN in text
    assert notice not in text
    prose = ("Seit die Plattform ihre Regeln geändert hat, müssen Blogger jeden Beitrag kennzeichnen, der "
             "Affiliate-Links enthält, und die Verbraucherzentrale prüft stichprobenartig, ob die Hinweise "
             "deutlich genug sind; wer gegen die Pflicht verstößt, riskiert eine Abmahnung, hohe Kosten und im "
             "Wiederholungsfall ein Bußgeld.")
    assert prose in auto(page(f"<article><p>{GERMAN}</p><p>{prose}</p><p>{GERMAN}</p></article>")).text
    # A story's sentences naming Amazon's partners or an advertisement are prose.
    for prose in ("Amazon reported higher profits on Tuesday, and its partner firms said the deal would close in May.",
                  "Der Konzern gab bekannt, dass die neue Kampagne Werbung für die Stadt enthält, sagte ein Sprecher."):
        assert prose in auto(page(f"<article><p>{GERMAN}</p><p>{prose}</p><p>{GERMAN}</p></article>")).text


@pytest.mark.parametrize("line", ["Veröffentlicht am 3. März 2024", "Aktualisiert am 3. März 2024 um 14:05 Uhr",
                                  "Publié le 3 mars 2024", "Publicado el 3 de marzo de 2024",
                                  "Pubblicato il 3 marzo 2024", "Gepubliceerd op 3 maart 2024", "Von Hans Müller",
                                  "Par Jean Dupont", "Published 3 March 2024", "By John Miller",
                                  "Last edited: Jul 9, 2022", "Edited by jsmith on 2006/11/18 16:52:29",
                                  "May 3, 2024 · Updated May 4, 2024", "Jun 08, 2023 • 11 Minute Read", "5 min read",
                                  "3. Mai 2024 · 5 Min. Lesezeit", "Posted 2 weeks ago", "Aktualisiert vor 2 Stunden",
                                  "Lesedauer: 4 Minuten", "Stand: 03.05.2024 14:05 Uhr", "Publié il y a 3 heures",
                                  "Publié le 3 mars 2024 à 14h05", "hace 3 horas", "3 ore fa", "2 uur geleden",
                                  "Di Mario Rossi", "Door Jan de Vries", "Temps de lecture : 4 min",
                                  "Tiempo de lectura: 4 minutos", "Tempo di lettura: 4 minuti", "Leestijd: 4 minuten",
                                  "Zuletzt aktualisiert: 4. Mai 2024", "Dernière mise à jour : 4 mai 2024",
                                  "Última actualización: 4 de mayo de 2024", "Ultimo aggiornamento: 4 maggio 2024",
                                  "Última atualização: 4 de maio de 2024", "Laatst bijgewerkt: 4 mei 2024"])
def test_datelines_and_bylines_in_other_languages_are_boilerplate(line):
    # A line that is only a date (with "published", "updated" and the
    # like) or a short byline, in German, French, Spanish, Italian or Dutch
    # as in English; a sentence that opens with a date is prose.
    _dropped_beside_prose(line, GERMAN, "Am 3. März 2024 stimmte der Rat erneut ab.")


@pytest.mark.parametrize("heading", ["By the numbers", "By design", "Par ailleurs", "By the time Buckley learned who",
                                     "Di solito", "Door de regen"])
def test_a_subheading_that_opens_with_by_is_no_byline(heading):
    # "By" and lower-case words only is a sentence's words: a subheading of the story, kept; so is
    # "By the" and a lower-case word, a name after it or not. A byline names someone ("By John
    # Miller", "By the Associated Press").
    text = auto(page(f"<article><p>By John Miller</p><p>{PROSE}</p><h2>{heading}</h2><p>{MORE}</p></article>")).text
    assert heading in text and PROSE in text and MORE in text
    assert "John Miller" not in text


@pytest.mark.parametrize("next_first", [False, True])
def test_the_story_the_title_heads_not_the_next_one_the_page_appends(next_first):
    # A news page appends the next story (an infinite scroll's) as another <article> in <main>: the
    # page's story is the article that its title heading is in, however long the other one is.
    story = f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p></article>"
    other = ("<article><h2>Team loses opening match</h2>" + "".join(
        f"<p>Paragraph {i} of another story: the national team lost its opening match on Saturday, "
        f"conceding two goals in the last ten minutes of a game it had controlled.</p>" for i in range(6)) + "</article>")
    text = auto(page(f"<main>{other + story if next_first else story + other}</main>")).text
    assert PROSE in text and MORE in text and "another story" not in text


def _dropped_beside_prose(line: str, prose: str, sentence: str, block: str = "p", first: bool = True) -> None:
    """``line`` (in a ``block`` of its own, before two paragraphs of ``prose`` or between them) is
    left out, and the prose and a ``sentence`` after them are kept."""
    piece = f"<{block}>{line}</{block}>"
    body = f"{piece}<p>{prose}</p><p>{prose}</p>" if first else f"<p>{prose}</p>{piece}<p>{prose}</p>"
    text = auto(page(f"<article>{body}<p>{sentence}</p></article>")).text
    assert prose in text and sentence in text
    assert line not in text


CHINESE = ("市议会周二讨论了新的年度预算，但没有作出决定。多名议员要求在投票前公布更详细的支出计划，"
           "市长表示将在下个月提交修改后的方案，并邀请市民在听证会上发表意见。")


@pytest.mark.parametrize("line", ["发布时间：2024-03-03 14:05", "发表于 2024-3-3 14:05", "时间：2024年3月3日",
                                  "2024年3月3日 星期日 下午2:05", "发表时间： 03/03/2024 - 14:05",
                                  "2024年03月03日 来源：新华网", "本文来源：每日经济新闻 作者：张三",
                                  "2024-03-03 11:55:08 来源: 网易商业报道", "发布日期：2024年3月3日",
                                  "发布时间：2024-03-03 10:30 来源：新华网"])
def test_chinese_datelines_are_boilerplate(line):
    # "Posted at", "time", a weekday and "p.m." in Chinese, as their English
    # words are, and a news page's source line ("来源：" and the paper, a
    # date before it, its author after); a sentence that opens with a date,
    # or speaks of a source, is prose.
    _dropped_beside_prose(line, CHINESE, "2024年3月3日，市议会再次就预算进行表决，最终以七票对两票通过。来源：市政府的公告也证实了这一点。")


@pytest.mark.parametrize("control", ["Weiterlesen »", "Nach oben", "Lire la suite", "Partager :", "Leer más",
                                     "Compartir", "Leggi tutto", "Condividi", "Leia mais", "Lees meer", "Anzeige",
                                     "Gefällt mir:", "Gefällt mir Wird geladen …", "J'aime Chargement…",
                                     "J’aime", "Me gusta", "Me gusta Cargando...", "Mi piace Caricamento...",
                                     "Curtir Carregando...", "Leggi di più", "5 Kommentare", "5 commentaires",
                                     "5 comentarios", "1 commento", "5 comentários", "5 reacties", "Commenti (5)",
                                     "Kommentar (1)", "Reactie (1)"])
def test_controls_in_other_languages_dropped(control):
    # The same button and widget labels in German, French, Spanish, Italian,
    # Portuguese and Dutch; a sentence that opens with one is text.
    _dropped_beside_prose(control, GERMAN, "Teilen wollten die Fraktionen die Kosten nicht, sagte die Bürgermeisterin am Abend.",
                          block="div", first=False)


@pytest.mark.parametrize("control", ["【打印】【关闭】", "【我要打印】【关闭窗口】", "[打印本页] [关闭窗口]", "返回顶部",
                                     "发表评论", "查看评论", "网友评论", "点击查看更多"])
def test_controls_of_chinese_pages_dropped(control):
    # A Chinese page's print and close buttons, its comment links and "back to top"; a sentence that
    # opens with the same words is text.
    _dropped_beside_prose(control, CHINESE, "打印这份报告的人很多，会后大家都关闭了窗口，继续讨论预算问题。",
                          block="div", first=False)


@pytest.mark.parametrize("control", ["Printer Friendly Version", "[ Printer friendly page ]", "Print article",
                                     "Email this story to a friend", "E-mail article", "Send to a Friend",
                                     "Refer to a friend", "Print Recipe", "Jump to Recipe", "Rezept drucken",
                                     "Artikel versenden", "Imprimer l'article", "Envoyer à un ami",
                                     "Imprimir artículo", "Stampa articolo", "Artikel afdrukken"])
def test_print_and_mail_links_dropped(control):
    # A news page's print and mail-a-friend links and a recipe's buttons, in six languages; a sentence
    # about printing articles is text.
    _dropped_beside_prose(control, PROSE, "Printing articles for the archive costs the council money, the clerk said.",
                          block="div", first=False)


@pytest.mark.parametrize("line, word", [
    ("Dieser Beitrag wurde unter <a href='/k'>Politik</a> veröffentlicht. Setze ein Lesezeichen auf den "
     "<a href='/p'>Permalink</a>.", "Lesezeichen"),
    ("Cette entrée a été publiée dans <a href='/k'>Politique</a>. Bookmarquez ce <a href='/p'>permalien</a>.", "publiée"),
    ("Esta entrada fue publicada en <a href='/k'>Política</a>. Guarda el <a href='/p'>enlace permanente</a>.",
     "publicada"),
    ("Questa voce è stata pubblicata in <a href='/k'>Politica</a>. Aggiungi ai segnalibri il "
     "<a href='/p'>permalink</a>.", "pubblicata"),
    ("Esta entrada foi publicada em <a href='/k'>Política</a>. Adicione aos favoritos o "
     "<a href='/p'>link permanente</a>.", "favoritos"),
    ("Dit bericht werd geplaatst in <a href='/k'>Politiek</a>. Bookmark de <a href='/p'>permalink</a>.", "geplaatst"),
    ("Dieser Beitrag wurde unter <a href='/k'>Politik</a> abgelegt und mit <a href='/t'>Haushalt</a> verschlagwortet.",
     "abgelegt"),
])
@pytest.mark.parametrize("first", [True, False])
def test_a_blogs_entry_footer_in_other_languages_is_boilerplate(line, word, first):
    # Blog software's "This entry was posted in Politics. Bookmark the permalink." as its translations
    # write it, before the story or inside it; a sentence that says an article was published is text.
    body = f"<p>{line}</p><p>{GERMAN}</p><p>{GERMAN}</p>" if first else f"<p>{GERMAN}</p><p>{line}</p><p>{GERMAN}</p>"
    prose = "<p>Dieser Beitrag wurde in der Sitzung am Montag vorgestellt und danach im Amtsblatt veröffentlicht.</p>"
    text = auto(page(f"<article>{body}{prose}</article>")).text
    assert word not in text and GERMAN in text and "im Amtsblatt veröffentlicht" in text


@pytest.mark.parametrize("call", ["欢迎关注微信公众号", "关注我们的公众号：新闻早知道", "扫一扫，关注我们"])
def test_a_call_to_follow_a_wechat_account_is_promotion(call):
    # The Chinese "follow us" (a WeChat account, a QR code to scan); a sentence reporting on such
    # accounts is text.
    _dropped_beside_prose(call, CHINESE, "许多企业去年开设了公众号，用来发布新产品的消息和价格信息，效果明显。")


def test_what_is_styled_over_the_page_is_left_out_unless_it_is_the_page():
    # position:fixed sets a pop-up or a sticky bar over the page; a page whose story sits in
    # a fixed shell (an app's scrolling pane) is read as hidden text is: unhidden when it is most of it.
    overlay = ('<div style="top:0; position: fixed"><p>This post is locked. Become an author to read '
               'and comment on this post today.</p></div>')
    for text in _both_picks(page(f"<article><p>{PROSE}</p>{overlay}<p>{MORE}</p></article>")):
        assert PROSE in text and MORE in text and "locked" not in text
    shell = page(f'<div style="position:fixed;inset:0;overflow:auto"><article><p>{PROSE}</p><p>{MORE}</p></article></div>')
    assert PROSE in auto(shell).text
    still = page(f'<article><p>{PROSE}</p><p style="background-position: fixed">{MORE}</p></article>')
    assert MORE in auto(still).text


@pytest.mark.parametrize("line", ["Story continues below advertisement", "Article Continues Below",
                                  "SCROLL TO CONTINUE WITH CONTENT",
                                  "Continue reading below", "You must be logged in to post a comment.",
                                  "Um zu kommentieren, melden Sie sich bitte an.", "Para comentar debes iniciar sesión.",
                                  "Pour commenter, connectez-vous.", "Per commentare devi effettuare il login."])
def test_ad_breaks_and_comment_log_in_notices_are_left_out(line):
    # The line an ad break leaves in the story, and a comment form's log-in notice where the form
    # itself is not shown; a sentence on the same matters is prose.
    _dropped_beside_prose(line, PROSE, "Readers could comment once they had logged in, and most liked the plan.",
                          first=False)


def test_control_labels_grouped_by_first_letter_match_what_the_plain_alternation_matches():
    # The labels as the engine tries them (grouped by first letter) and as they are listed.
    from scrapy_webclean.extractors._controls import _CONTROL, _CONTROL_LABELS, _CONTROL_LINE, _LABELS

    plain = re.compile("(?:" + "|".join(_CONTROL_LABELS) + ")", re.IGNORECASE)
    grouped = re.compile(f"(?:{_LABELS})", re.IGNORECASE)
    samples = ["back to top", "Read More", "12 likes", "1,2k comments", "ſhare this", "j’aime chargement", "print",
               "no trackback pings", "remember personal info", "gefällt mir wird geladen", "Vind ik leuk", "laden",
               "pingback", "commentaires", "comentários", "commenti", "share", "shares", "read", "mehr lesen", "x"]
    for text in samples:
        assert (plain.fullmatch(text) is None) == (grouped.fullmatch(text) is None), text
        assert (_CONTROL.match(f"» {text} »") is None) == (plain.fullmatch(text) is None), text
        assert (_CONTROL_LINE.search(f"\nProse first.\n» {text}\nmore") is None) == (plain.fullmatch(text) is None)


@pytest.mark.parametrize("notice", ["© 2024 Stadtanzeiger. Alle Rechte vorbehalten.",
                                    "Tous droits réservés – Le Journal 2024", "Datenschutzerklärung · Impressum",
                                    "Aviso legal | Política de privacidad"])
def test_legal_notices_in_other_languages_are_boilerplate(notice):
    # (The block pick's rule: the arbiter may prefer the propagation pick on a page this small.)
    text = block_pick(page(f"<article><p>{GERMAN}</p><p>{GERMAN}</p><p>{notice}</p></article>"))
    assert GERMAN in text
    assert notice not in text
    # Prose that talks about data protection is text, as prose about cookies or privacy is in English.
    prose = ("Welche Verbrauchsdaten die Stromzähler speichern, wie lange sie aufbewahrt werden und wer sie "
             "einsehen darf, erklärt die neue Datenschutzerklärung der Stadtwerke, die ab Januar gilt.")
    text = block_pick(page(f"<article><p>{GERMAN}</p><p>{prose}</p><p>{GERMAN}</p></article>"))
    assert prose in text


def test_a_blogs_disclaimer_in_a_sidebar_is_no_body_beside_a_one_paragraph_post():
    # "Without warranty of any kind" is a disclaimer's, however long the block: it does not
    # outweigh the one paragraph the title heads.
    disclaimer = ("The information in this blog is distributed on an as is basis, without warranty of any kind. "
                  "The owner may have a financial relationship with some of the companies or products mentioned "
                  "here, and may be paid for some of the links on this page by the companies that sell them. "
                  "Nothing here is financial, legal or medical advice; ask a professional before acting on it.")
    post = ("<p>I want to bring your attention to an excellent list of books about the next twenty years, "
            "compiled by a writer whose blog I have read for a long time.</p>")
    body = page(f"<div><h1>Budget vote delayed</h1>{post}</div><div><div><h3>Disclaimer</h3><p>{disclaimer}</p>"
                f"</div><ul>{NAV}</ul></div>")
    text = block_pick(body)
    assert "excellent list of books" in text and "without warranty" not in text


def test_prose_about_cookies_or_privacy_is_body_text_a_notice_is_not():
    prose = ("Browsers will stop accepting third-party cookies next year, and advertisers who relied on them "
             "to follow readers across sites are now testing other ways to measure what their campaigns achieve.")
    notice = 'We use cookies to improve your experience on our site. <a href="/cookies">Cookie settings</a>'
    label = ("Terms of use: comments are moderated, and a comment that is abusive or off topic will not be "
             "published; the views expressed are the readers' own and not those of this newspaper or its staff.")
    text = block_pick(page(f"<article><p>{PROSE}</p><p>{prose}</p><p>{MORE}</p><p>{notice}</p><p>{label}</p>"
                           "</article>"))
    assert prose in text
    assert "We use cookies" not in text and "Terms of use" not in text


def test_a_notice_about_the_readers_browser_is_boilerplate_prose_about_browsers_is_not():
    prose = ("The new version of the browser drops support for older plug-ins, and developers who still rely on "
             "them must update their code before the spring, the company said on Tuesday.")
    notices = ("This page is best viewed in an up-to-date web browser with style sheets (CSS) enabled. While you "
               "will be able to view the content of this page in your current browser, you will not be able to "
               "get the full visual experience.", "You are using an outdated browser. Please upgrade your "
               "browser to improve your experience.", "Please enable JavaScript to view the comments.")
    text = block_pick(page(f"<article><p>{PROSE}</p><p>{prose}</p><p>{MORE}</p>"
                           + "".join(f"<p>{n}</p>" for n in notices) + "</article>"))
    assert prose in text
    assert not any(n[:30] in text for n in notices)


def test_a_one_paragraph_story_is_not_outweighed_by_a_browser_notice_beside_it():
    story = ("If you want to find lost cities or the traces of ancient civilizations, one archaeologist "
             "believes you need to head into space.")
    notice = ("This page is best viewed in an up-to-date web browser with style sheets (CSS) enabled. While you "
              "will be able to view the content of this page in your current browser, you will not be able to "
              "get the full visual experience. Please consider upgrading your browser software or enabling "
              "style sheets (CSS) if you are able to do so.")
    html = (f"<html><head><title>Hunting lost cities from space</title></head><body><div><p>{notice}</p></div>"
            f"<div><h1>Hunting lost cities from space</h1><p>{story}</p></div></body></html>")
    text = wc.extract(html.encode(), "https://future.example/story/lost-cities").text
    assert story in text and "best viewed" not in text


def test_a_legal_phrase_a_few_words_into_a_sentence_does_not_make_it_a_notice():
    # A notice opens with its phrase ("This website uses cookies ..."); prose may name one a few
    # words in, well inside the first 40 characters.
    prose = ("Under the draft, a privacy policy must be written in plain language, and any change to the terms "
             "of service that affects how personal data is shared must be announced thirty days in advance.")
    notice = ("This website uses cookies to improve your experience while you navigate through it. Cookies that "
              "are categorised as necessary are stored in your browser, as they are essential for it to work.")
    text = block_pick(page(f"<article><p>{PROSE}</p><p>{prose}</p><p>{MORE}</p><p>{notice}</p></article>"))
    assert prose in text
    assert "This website uses cookies" not in text


def test_a_short_line_of_news_about_a_privacy_policy_is_prose_a_notice_to_the_reader_is_not():
    # Under 150 characters, a line naming a privacy policy or terms a few words in is a notice only
    # when it speaks to the reader as a site does ("you", "our", "this site"; Sie, vous, nous...).
    news = ["Meta updated its privacy policy on Tuesday.",
            "Regulators said the company's cookie policy broke the law.",
            "Google a modifié sa politique de confidentialité mardi."]
    notices = ["By using this site you agree to our Terms of Service and Privacy Policy.",
               "Mit der Nutzung stimmen Sie der Datenschutzerklärung zu.",
               "En utilisant ce site, vous acceptez notre politique de confidentialité."]
    _lines_kept_and_left_out(news, notices)


def test_another_party_s_privacy_policy_opening_a_line_is_news_the_site_s_own_is_a_notice():
    # A phrase opening a line opens a notice ("Privacy policy", "Read our privacy policy"), unless
    # another party's possessive stands before it: the line is about their policy.
    news = ["Facebook's privacy policy changed on Monday, the company said.",
            "In its privacy policy, the company says it shares data with partners.",
            "Their privacy policy was rewritten after the breach, the report found.",
            "Apple’s terms of service run to 20,000 words, longer than Hamlet."]
    notices = ["Read our privacy policy", "Our privacy policy has changed.", "This site's privacy policy applies.",
               "Updated privacy policy", "Terms of use | Privacy policy"]
    _lines_kept_and_left_out(news, notices)


def test_the_privacy_policy_of_another_party_opening_a_line_is_news_the_site_s_own_is_a_notice():
    # A definite article before the phrase and another party after it, in English and the six languages,
    # is the possessive's other form; the site's own ("of the site", "du site") stays a notice.
    news = ["The privacy policy of the company was found to break European law, the court said.",
            "Die Datenschutzerklärung des Konzerns verstößt nach Ansicht des Gerichts gegen europäisches Recht.",
            "Les conditions d'utilisation de l'application ont été jugées abusives par le tribunal.",
            "La política de privacidad de la empresa fue criticada por los grupos de consumidores."]
    notices = ["The terms of use of the site apply to every visitor and every account.",
               "Les conditions d'utilisation du site s'appliquent à tous les visiteurs.",
               "Die Nutzungsbedingungen des Portals gelten für alle Besucher der Seiten."]
    _lines_kept_and_left_out(news, notices)


def _lines_kept_and_left_out(kept: list[str], left_out: list[str]) -> None:
    """Each line a paragraph of a story, between two of its paragraphs: the block pick keeps those of
    ``kept`` and leaves out those of ``left_out``."""
    body = "".join(f"<p>{x}</p>" for x in (PROSE, *kept, MORE, *left_out))
    text = block_pick(page(f"<article>{body}</article>"))
    assert all(line in text for line in kept)
    assert not any(line in text for line in left_out)


def test_a_paywall_s_lines_and_a_call_for_writers_are_promotion_news_about_them_is_not():
    # A paywall or a membership box: the story locked, a call to pay or log in to read on, in English
    # and the six languages; a call for writers as a label. The same words in a sentence stay.
    news = ["He decided to become a member of the club in 1998.", "She always wanted to become an author.",
            "The story is locked in a vault, the lawyer said.", "This post is the third in a series on housing.",
            "Scientists hope to unlock the secrets of the genome.", "The content is available for free to all.",
            "Keep reading with a pencil in hand, the teacher advised."]
    calls = ["This post is locked", "This post is for paid subscribers", "This article is for subscribers only",
             "Become a paid subscriber to unlock this post and get access to the full archive.",
             "Already a subscriber? Log in", "Unlock this article", "Continue reading with a subscription",
             "Keep reading with a 7-day free trial", "Sign in to read the full story", "Become an author",
             "Write for us", "Réservé aux abonnés", "Dieser Artikel ist nur für Abonnenten verfügbar.",
             "Contenido exclusivo para suscriptores", "Articolo riservato agli abbonati", "Alleen voor abonnees"]
    _lines_kept_and_left_out(news, calls)


def test_a_sentence_that_quotes_boilerplate_is_prose_boilerplate_with_a_quoted_name_is_not():
    # Boilerplate phrases (notices, calls, credits) held only in quotation marks, in a sentence that
    # does not speak to the reader, are reported, not said; the boilerplate itself stays, quotes or not.
    news = ["“We use cookies to improve your experience,” the banner reads, but the regulator found that the "
            "site tracked users before they clicked.",
            '"All rights reserved" is printed on every page of the booklet, though the author gave it away.',
            'The notice, which says "we use cookies to personalise content and ads", appeared on most sites.',
            "Die Seite zeigt den Hinweis „Wir verwenden Cookies“, bevor der Leser etwas sieht, sagte der Richter.",
            "The button that says “Sign up for our newsletter” was clicked by two percent of visitors, it found.",
            "Photo credits such as “Photo: Getty Images” are required under the new contract, the union said.",
            "He ended every letter with « Follow us on Twitter », even to his grandmother, his daughter recalls."]
    boilerplate = ["By clicking “Accept All Cookies”, you agree to the storing of cookies on your device.",
                   '"We use cookies to improve your experience."', 'Read our "Privacy Policy" and "Terms of Use".',
                   'Copyright "The Daily Example" 2008. All rights reserved.',
                   "We use cookies to improve your experience, as our “Cookie Policy” explains.",
                   "Sign up for our “Daily Briefing” newsletter.", "Follow us on “Twitter” and “Facebook”."]
    _lines_kept_and_left_out(news, boilerplate)


def test_a_chinese_sentence_that_quotes_a_notice_is_prose_the_notice_is_not():
    # As in English: four words around the quotation, two Chinese characters a word ("“” and 「」).
    news = ["记者注意到，该网站首页写着“本站所有内容版权所有，未经授权不得转载”，但其文章大多来自其他媒体。",
            "网站首页写着「版权所有，不得转载」，但文章大多来自其他媒体。"]
    notices = ["“版权所有”", "本站“版权所有”，未经授权不得转载。", "版权所有，不得转载。"]
    _zh_lines_kept_and_left_out(news, notices)


def test_a_sentence_that_reports_on_a_newsletter_is_prose_a_call_to_sign_up_is_not():
    # A promotion phrase inside a reported sentence of 60 characters or more (not opening it or a
    # clause, not speaking to the reader) is the sentence's words; labels and calls stay promotion.
    news = ["The paper's newsletter now has more than two million subscribers, up from half a million.",
            "Readers can subscribe to the magazine for ten euros a month, a price the publisher will keep.",
            "The council's most read report last year was about the river, officials said on Monday."]
    calls = ["Sign up for our newsletter.", "For more stories like this, subscribe to the Daily newsletter.",
             "Never miss a story – sign up for the Daily Briefing.",
             "I agree that the Daily can send me its newsletter and offers by email.",
             # The calls in the box labels' languages, and the Dutch and Spanish words for it.
             "Jetzt abonnieren", "Abonnez-vous à notre lettre", "Suscríbete al boletín", "Inscreva-se na nossa lista",
             "Schrijf je in voor de nieuwsbrief"]
    news.append("Der Verlag will die Zahl der Leser, die abonnieren, bis Ende des Jahres verdoppeln, sagte er.")
    _lines_kept_and_left_out(news, calls)


def test_a_recipe_s_cookies_are_body_text_a_cookie_notice_is_not():
    # Short lines of a recipe or a story that speak of the cookies one bakes are not a site's
    # notice: only cookies as a notice speaks of them are (a policy, consent, a site that uses them).
    lines = ["Whole wheat fig cookies are dessert, my father says, and I still disagree.",
             "Bake the cookies for twelve minutes, until the edges turn golden.",
             "“Oooh, it looks like the Cookie Monster!” said my mom.",
             "Allow cookies to cool on the tray for ten minutes.", "Store cookies in an airtight tin.",
             "We serve cookies warm with milk."]
    notices = ["This site uses cookies.", "Accept all cookies", "We use cookies to improve your experience.",
               "Diese Website verwendet Cookies.", "Ce site utilise des cookies."]
    _lines_kept_and_left_out(lines, notices)


def test_read_more_in_a_sentence_is_prose_as_a_label_it_is_not():
    # "read more", "share this", "don't miss", "more from" mark a block where they read as its label: they
    # open it, follow a sentence's end or a separator, or end it after "to" ("Scroll down to read more:").
    lines = ["You can read more about the plan in the council's report.",
             "Would you take a moment to share this with a neighbour who missed the meeting?",
             "The doctors raised more from friends than the fund had asked for.",
             "She wanted to read more of his work before the vote.",
             "See the map (read more in the council's guide) for the new routes."]
    labels = ["Read more »", "Scroll down to read more:", "Share this:", "Don't miss: the mayor's interview",
              "More from Town News:", "(Read more)", "Posted in News - Read more", "Budget delayed […] Read more"]
    _lines_kept_and_left_out(lines, labels)


def test_share_this_article_in_other_languages_is_a_label_in_a_sentence_it_is_prose():
    # "Share this article" as a label in German, French, Spanish, Italian, Portuguese and Dutch, as
    # "Share this:" is in English; the same words inside a sentence are the sentence's.
    lines = ["Wer mitreden will, kann den Artikel teilen und kommentieren, sagte der Bürgermeister am Abend.",
             "Les habitants veulent partager l'article avec leurs voisins qui ont manqué la réunion du conseil."]
    labels = ["Teilen Sie diesen Artikel: Facebook Twitter E-Mail", "Diesen Beitrag teilen", "Partagez l'article :",
              "Comparte este artículo: Facebook Twitter", "Condividi l'articolo: Facebook", "Compartilhe esta matéria:",
              "Deel dit artikel: Facebook Twitter"]
    _lines_kept_and_left_out(lines, labels)


def test_prose_about_copyright_is_body_text_a_copyright_notice_is_not():
    # "copyright" followed by a lower-case word or by a comma is a sentence about it, and so is
    # a name it opens after an article or a preposition ("the Copyright Office"); followed by a
    # year, a sign, a name, a colon or nothing, it is a notice.
    prose = ("The campaign argues that aggressive copyright laws, and the lobbying behind them, led to the raids; "
             "critics say that infringing copyright, as the sites did, is still a crime that courts must punish.")
    office = ("Under the draft rules that the Copyright Office published on Monday, a site that hosts what its "
              "users upload would answer for it, as it would under Copyright Act rules written for publishers.")
    notices = ["Copyright 2024 Town News", "Image copyright Reuters", "Copyright: Town News Group",
               "This article is subject to copyright."]
    body = "".join(f"<p>{n}</p>" for n in notices)
    text = block_pick(page(f"<article><p>{PROSE}</p><p>{prose}</p><p>{office}</p><p>{MORE}</p>{body}</article>"))
    assert prose in text and office in text
    assert not any(n in text for n in notices)


def test_a_copyright_sign_glued_to_a_name_is_the_name_s_a_notice_s_opens_a_word():
    # "©" right after a word or a figure is part of a name, as "™" is; a notice's stands before its year or owner.
    lines = ["The server was the first to break the 20,000 SPECweb©2005 barrier in the benchmark's history.",
             "The Canadian Postal Code Directory© holds the code of every address in the country.",
             "Article 53.1© states that any provider placing a model on the market must comply."]
    _lines_kept_and_left_out(lines, ["© 2024 Town News", "Copyright ©2024 Town News Group", "Photo © Jane Doe"])


def test_chinese_prose_about_authorisation_is_body_text_a_notice_forbidding_copies_is_not():
    # 未经授权 ("without authorisation") is a story's words ("used without authorisation"); a notice forbids
    # copying. (著作权, "copyright", stays a notice's word wherever it stands: the shared Chinese pages hold
    # it only in notices, one of them a box of statements about the copyright law that outweighs a short story.)
    prose = ["法院认定该公司未经授权使用他人作品，判决其赔偿经济损失二十万元。"]
    notices = ["本网站所有内容著作权归本网所有", "著作权声明：本站文章均为原创", "未经授权，不得转载", "未经授权禁止复制",
               "根据《著作权法》，擅自转载本报作品的，本报将追究其法律责任。"]
    _zh_lines_kept_and_left_out(prose, notices)


def test_a_word_ending_in_related_does_not_make_a_related_stories_label():
    # "related topics" is a box's label; "health-related topics", "unrelated stories" are a sentence's words.
    lines = ["The course covers sex education and a wide range of other health-related topics, including smoking.",
             "Unrelated stories were merged into one page by the editor, the council's spokesman said."]
    _lines_kept_and_left_out(lines, ["Related topics: budget, council, bridge", "Related stories"])


def test_a_story_is_not_a_notice_for_the_copyright_line_nested_in_it():
    # A wire story's block (loose text and <br> lines) holds its copyright line in a
    # block of its own: the line is a notice, the story around it is not.
    story = f"LOS ANGELES (UPI) -- <span>{PROSE}<br><br>{MORE}<br><br></span>"
    notice = "<div>&copy; 2024 United Press International. All Rights Reserved.</div>"
    caption = ('<div class="photo"><img src="a.jpg"><div>Residents wait outside the hall before the '
               "vote on the budget at the town council, Tuesday.</div></div>")
    text = block_pick(page(f'<div class="story"><h3>Budget vote delayed</h3>{caption}<div>{story}{notice}</div></div>'))
    assert PROSE in text and MORE in text
    assert "All Rights Reserved" not in text


def test_a_story_ending_in_its_copyright_line_as_loose_text_is_the_story():
    # The same wire story with the line in its own loose text (no block of its own), under 1,000
    # characters: the block's statement sentences hold little of it, so it is the story. A notice
    # opening with its label or its statement stays one, however long.
    story = f"<div>{PROSE}<br><br>{MORE}<br><br>&copy; 2024 United Press International. All Rights Reserved.</div>"
    text = block_pick(page(f'<div class="story"><h3>Budget vote delayed</h3>{story}</div>'))
    assert PROSE in text and MORE in text
    from scrapy_webclean.extractors._auto_phrases import _piece_mark, mostly_marked

    line = "Copyright 2024 United Press International. All rights reserved."
    assert _piece_mark(f"{PROSE} {MORE} {line}", False)
    assert not mostly_marked(f"{PROSE} {MORE} {line}", False, 1)
    for notice in (f"Disclaimer: {PROSE} {MORE} {line}", f"{line} {PROSE} {MORE}"):
        assert mostly_marked(notice, False, 1) == 1, notice


def test_a_block_is_marked_by_its_own_words_not_its_dead_furniture():
    # A hand-made page writes its story as loose text in <body> (or in custom elements, inline to
    # the parser): the body owns those words. Its <footer> is dead furniture, whose copyright line
    # made the body a notice and left the related links as the body. Longer and shorter stories.
    nav = "<nav><ul>" + "".join(f'<li><a href="/{i}">Section {i}</a></li>' for i in range(10)) + "</ul></nav>"
    related = "<div><h3>Related</h3><ul>" + "".join(
        f'<li><a href="/r{i}">Another story about the town number {i}</a></li>' for i in range(6)) + "</ul></div>"
    for story in (f"{PROSE}<br><br>{MORE}<br><br>{PROSE}", f"<x-story>{PROSE}<br><br>{MORE}</x-story>",
                  f"<x-p>{PROSE}</x-p><x-p>{MORE}</x-p>"):
        body = (f"<html><head><title>Budget vote delayed</title></head><body>{nav}{story}{related}"
                f"<footer>Copyright 2025 Town News. All rights reserved.</footer></body></html>").encode()
        text = auto(body).text
        assert PROSE in text and MORE in text, story
        assert "Another story" not in text and "Section 3" not in text and "Copyright" not in text


def test_short_article_under_the_page_title_is_not_read_as_a_listing():
    # A short post, too little prose to rule out a listing page, beside a
    # sidebar of linked book titles: the page's title heads the post, so
    # the post is the body, not the linked headlines.
    books = "".join(f'<li><a href="/b{i}">Book number {i}: a long title about moral judgment and its limits</a></li>'
                    for i in range(14))
    side = f'<div class="module"><h2>Books we like</h2><ul>{books}</ul></div>'
    post = f'<div class="entry"><h3>Budget vote delayed</h3><div class="entry-content"><p>{PROSE}</p></div></div>'
    text = block_pick(page(f'<div class="main">{post}</div><div class="side">{side}</div>'))
    assert "vote was postponed" in text and "Book number" not in text
    # The same page under a title no heading reads as: a listing's linked headlines...
    other = "<title>Town News: books and more</title>"
    plain = post.replace("entry-content", "text")
    text = block_pick(page(f'<div class="main">{plain}</div><div class="side">{side}</div>', head=other))
    assert "Book number" in text
    # ... unless the page declares the post its entry (hAtom entry-content).
    text = block_pick(page(f'<div class="main">{post}</div><div class="side">{side}</div>', head=other))
    assert "vote was postponed" in text and "Book number" not in text


def _both_picks(body: bytes) -> list[str]:
    doc = parse(body)
    pick = propagation_pick(doc, doc.measures)
    return [auto(body).text, block_pick(body), NodeSelection(doc, pick.root, pick.drop).text()]


@pytest.mark.parametrize("label", ["About the author", "Über den Autor", "<span>About The Author:</span>"])
def test_an_authors_box_after_its_label_is_left_out_by_both_picks(label):
    bio = "Jane Doe has covered the council since 2010; before that she wrote about schools and courts."
    for box in (f"<div><h4>{label}</h4><p>{bio}</p></div>",  # in its wrapper: the label and all after it
                f"<h4>{label}</h4><p>{bio}</p><p>{MORE}</p>"):  # in the story itself: the next block only
        for text in _both_picks(page(f"<article><p>{PROSE}</p><p>{MORE} {PROSE}</p>{box}</article>")):
            assert PROSE in text and bio not in text and "uthor" not in text, box
    tail = page(f"<article><p>{PROSE}</p><p>{PROSE}</p><h4>{label}</h4><p>{bio}</p><p>{MORE}</p></article>")
    assert all(MORE in text for text in _both_picks(tail))


def test_an_authors_box_reaches_the_rest_of_its_wrapper_or_the_next_block():
    # The box's reach: the rest of the wrapper the label opens, else the next block; never
    # more than a biography's length (1,000 characters) after the label.
    for after, boxed in ((1, True), (8, False)):
        doc = parse(page("<article><p>x</p><div><h3>About the author</h3>" + f"<p>{MORE}</p>" * after + "</div></article>"))
        label = doc.tags.index("h3")
        assert (_box_end(doc, doc.measures.text_len, label) == doc.end[doc.parent[label]]) is boxed
    doc = parse(page(f"<article><p>{PROSE}</p><h3>About the author</h3><p>{MORE}</p><p>{MORE}</p></article>"))
    label = doc.tags.index("h3")
    assert _box_end(doc, doc.measures.text_len, label) == doc.end[label + 1]


_TEASERS = ("<ul><li><a href=/a>New bridge over the river opens</a> It links two districts.</li>"
            "<li><a href=/b>Floods in the south: levels rise</a> The situation remains tense.</li>"
            "<li><a href=/c>Cycle paths to be extended</a> The network grows by 40 km.</li></ul>")


_CARDS = "".join(f"<div><a href=/{i}>{headline}</a><p>{summary}</p></div>" for i, (headline, summary) in enumerate(
    (("New bridge over the river opens", "It links two districts."),
     ("Floods in the south: levels rise", "The situation remains tense."),
     ("Cycle paths to be extended", "The network grows by 40 km."))))


@pytest.mark.parametrize("label", ["Related posts", "Ähnliche Beiträge", "Das könnte Sie auch interessieren", "相关文章",
                                   "<span>You may also like:</span>"])
@pytest.mark.parametrize("links", [_TEASERS, _CARDS])
def test_a_related_box_after_its_label_is_left_out_by_both_picks(label, links):
    # A block whose whole text is a related-content label heads a box when a list of links
    # follows it (a list's items, or cards as siblings): the label and the list go together
    # (the list alone reads as teaser prose).
    body = page(f"<article><p>{PROSE}</p><p>{MORE} {PROSE}</p><div><h4>{label}</h4>{links}</div></article>")
    for text in _both_picks(body):
        assert PROSE in text and "Floods in the south" not in text and "tense" not in text


def test_a_related_label_over_prose_or_a_plain_heading_over_links_is_no_box():
    # The label must head links: over a paragraph it is a heading of the story; and a heading
    # that is no related-content label ("Sources") heads the story's own list.
    for box, label in ((f"<h3>Related</h3><p>{MORE}</p>", "Related"), (f"<h3>Sources</h3>{_TEASERS}", "Sources")):
        doc = parse(page(f"<article><p>{PROSE}</p><p>{PROSE}</p>{box}</article>"))
        assert _box_end(doc, doc.measures.text_len, doc.tags.index("h3")) == -1, label
    # A label that ends the page, with nothing after it, heads nothing; nor does one over more blocks
    # than a box holds (a hostile page's thousands of empty elements after each of its labels).
    last = parse(f"<html><body><p>{PROSE}</p><div><h3>Related</h3></div></body></html>".encode())
    assert last.tags[-1] == "h3" and _box_end(last, last.measures.text_len, len(last) - 1) == -1
    many = parse(page(f"<article><p>{PROSE}</p><div><h3>Related</h3>{'<i></i>' * 200}{_TEASERS}</div></article>"))
    assert _box_end(many, many.measures.text_len, many.tags.index("h3")) == -1


def test_a_related_box_left_out_on_a_real_page():
    # "Related content:" over a list of the site's photo galleries, under the story.
    text = _auto_text("dragnet", "dragnet-75")
    assert "Mariah" in text and "judges, then and now" not in text


def test_an_authors_box_left_out_on_a_real_page():
    text = _auto_text("dragnet", "dragnet-R464")
    assert "Voting is one of your rights" in text and "ShoeMoney.com is my blog" not in text


_LOGIN_BOX = ('<div class="SSpopup"><p>Sign In</p><div>The feature you requested is only available to members.</div>'
              '<b>Email Address:</b><input type="text"><b>Password:</b><input type="password">'
              '<a href="/pw">Forgot Password?</a><label>Automatically sign me in next time.</label></div>')
_SIGNUP_BOX = ('<div class="x9"><div>Be the first to know!</div><div>Get our picks texted to your phone.</div>'
               '<form><input type="tel" name="phone"><button>Sign Me Up</button></form>'
               '<div>By signing up, you agree to receive recurring automated marketing messages at the number '
               'provided. Message and data rates may apply. Reply STOP to opt out.</div></div>')


@pytest.mark.parametrize("box, name, gone, field", [
    (_LOGIN_BOX, "SSpopup", ("Forgot Password", "only available to members"), '<input type="password">'),
    (_SIGNUP_BOX, "x9", ("By signing up", "first to know"), '<input type="email">'),
])
def test_a_log_in_or_sign_up_box_is_left_out_by_both_picks_whatever_its_names(box, name, gone, field):
    for text in _both_picks(page(f"<article><p>{PROSE}</p>{box}<p>{MORE}</p></article>")):
        assert PROSE in text and MORE in text
        assert not any(g in text for g in gone)
    # The box is the field's largest wrapper of 300 characters or fewer (500 around an e-mail or
    # telephone field): never the story around it; a search field is no box.
    doc = parse(page(f"<article><p>{PROSE}</p>{box}<p>{MORE}</p></article>"))
    assert [doc.nodes[i].get("class") for i in login_boxes(doc)] == [name]
    doc = parse(page(f'<div><p>{PROSE}</p><p>{MORE}</p><p>{PROSE}</p><p>Type it here: {field}</p>'
                     '<p><input type="search"></p></div>'))
    (start,) = login_boxes(doc)
    assert doc.tags[start] == "p" and "Type it here" in "".join(doc.nodes[start].itertext())


def test_a_log_in_box_does_not_climb_over_a_story_a_site_trees_cleaning_left_short():
    """A site tree's cleaning leaves little text around the header's password
    field; the box is still measured on the page, so the short story beside it
    is not taken for part of the box."""
    nav = "".join(f'<a href="/s{k}">Section number {k} of the site</a>' for k in range(20))
    story = "<p>The mayor opened the new bridge on Monday. Traffic will flow from next week.</p>"
    body = (f'<div id="top"><div class="nav">{nav}</div><form><input type="text"><input type="password"></form>'
            f'</div><div id="main">{story}</div>')
    doc = parse(page(f"<div>{body}</div>"))
    (whole,) = login_boxes(doc)
    nav_at = next(i for i in range(len(doc)) if doc.nodes[i].get("class") == "nav")
    view = doc.with_removed(doc.subtree_mask([nav_at]))
    assert view.measures.text_len[doc.parent[doc.parent[nav_at]]] < 300  # the cleaned view is short
    assert login_boxes(view) == login_boxes(doc) == [whole]
    assert doc.tags[whole] == "form"
    pick = propagation_pick(view, view.measures)
    block = block_pick_text(view)
    for text in (block, NodeSelection(view, pick.root, pick.drop).text()):
        assert "The mayor opened the new bridge" in text



_COMMENT_FORM = ("<form><p>Your email address will not be published. Required fields are marked *</p>"
                 "<p><label>Name *</label><input type='text'></p><p><label>Comment</label><textarea></textarea>"
                 "</p><p>You may use these HTML tags and attributes: a, b, em, strong.</p></form>")


def test_a_comment_form_in_the_body_is_left_out_by_both_picks_whatever_its_names():
    body = page(f"<div><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p>{_COMMENT_FORM}</div>")
    doc = parse(body)
    (form,) = message_forms(doc)
    assert doc.tags[form] == "form"
    pick = second_pick(doc, doc.measures, [])
    for text in (auto(body).text, block_pick(body), NodeSelection(doc, pick.root, pick.drop).text()):
        assert PROSE in text and MORE in text and "will not be published" not in text
    # A page wrapped in one form (ASP.NET's) is no comment form; nor is a form holding the whole story.
    assert message_forms(parse(page(f"<form><p>{PROSE}</p><p>{MORE}</p><p>{PROSE}</p><textarea></textarea></form>"))) == []
    story = "<h1>Bridge approved</h1><p>The council approved the new bridge on Tuesday. Work starts in May.</p>"
    text = auto(page(f"<form>{story}<p><label>Your comment</label><textarea></textarea></p></form>")).text
    assert "The council approved the new bridge" in text


def test_a_comment_form_outweighing_a_short_post_is_never_its_body():
    # The form's fine print holds more prose than the post: the root goes there, and is chosen again
    # without it (_auto_forms.out_of_forms), whatever the names.
    post = ("<div><h2>Health Wonk Review, pre-election edition</h2><p>Are you voting this week? Whoever it is "
            "for, this edition of the review will keep you informed.</p></div>")
    fine = ("<p>Your email address will not be published. Required fields are marked with a star, and we read "
            "every comment before it appears.</p><p>You may use these HTML tags and attributes: a, abbr, b, "
            "blockquote, cite, code, del, em, i, q, strike and strong. Links to other sites are welcome.</p>")
    form = f"<form>{fine}<p><label>Comment</label><textarea></textarea></p><input type='submit'></form>"
    links = "".join(f"<li><a href='/archive/{i}'>Archive {i}</a></li>" for i in range(20))
    text = auto(page(f"{post}<ul>{links}</ul><div><h3>Leave a reply</h3>{form}</div>")).text
    assert "Whoever it is for" in text and "will not be published" not in text


def test_a_comment_forms_instructions_beside_it_in_its_box_are_never_the_body():
    # The same with the instructions in a paragraph beside the form, in the box its title heads
    # (_auto_forms._climbed): the box is the form's, and the root is chosen again without it.
    post = ("<div><h2>Health Wonk Review, pre-election edition</h2><p>Are you voting this week? Whoever it is "
            "for, this edition of the review will keep you informed.</p></div>")
    fine = ("<p>Click on the button below to send us your story! Your name and email are not required, so you "
            "can stay anonymous, and we read every message before anything appears on the site.</p>")
    form = "<div><form><p><label>Name</label><input type='text'></p><p><label>Your story</label><textarea>" \
           "</textarea></p><input type='submit' value='Send'></form></div>"
    links = "".join(f"<li><a href='/archive/{i}'>Archive {i}</a></li>" for i in range(20))
    text = auto(page(f"{post}<ul>{links}</ul><div><h4>Send us news</h4><div>{fine}{form}</div></div>")).text
    assert "Whoever it is for" in text and "Click on the button" not in text
    # A story's paragraphs beside the form are no box's: the story stands (see login_boxes).
    story = f"<div><h2>Bridge approved</h2><p>{PROSE}</p><p>{MORE}</p>{form}</div>"
    assert PROSE in auto(page(f"<ul>{links}</ul>{story}")).text


@pytest.mark.parametrize("pid, words", [("dragnet-R183", "very first time the new Panasonic"),
                                        ("dragnet-R277", "Moroccan made easy")])
def test_real_short_posts_beside_a_forms_instructions_without_names(pid, words):
    # Without class and id names, a short post lost to the box of a "share your news" form (its
    # instructions) or of a comment form.
    rec, body = corpus_page("dragnet", pid)
    text = wc.extract(probe(body, "names"), rec["url"], encoding=rec.get("http_charset")).text
    assert words in text


def test_a_comment_forms_box_never_climbs_into_the_wrapper_the_headline_heads():
    # A one-paragraph post, its one comment and the comment form in one wrapper under the
    # headline, all under the 500 characters a form's box climbs to; a line of prose in the
    # sidebar. The wrapper right after the heading that reads as the page's <title> is the post's
    # body: the box stops below it (_auto_forms._headed), and the post is the body.
    post = ("<p>Most of the pieces in our spring sale have sold already, but several chic items remain! "
            "Think rare candlesticks, stylish lamps and vintage prints in gold leaf frames.</p>")
    comment = "<ol><li><cite>Nina</cite> says:<p>Love it! Keep up the good work.</p></li></ol>"
    form = ("<div><h3>Leave a Reply</h3><form><p><label>Name</label><input name='author'></p>"
            "<p><textarea name='comment'></textarea></p><input type='submit' value='Post'></form></div>")
    links = "".join(f"<li><a href='/archive/{i}'>Archive {i}</a></li>" for i in range(20))
    sidebar = f"<p>We are two sisters who love old things and find them new homes.</p><ul>{links}</ul>"
    wrapper = f"<div><div>{post}</div><div><h3>One Response</h3>{comment}{form}</div></div>"
    for headline, kept in (("Budget vote delayed", True), ("Spring sale", False)):
        text = auto(page(f"<div><h3>{headline}</h3>{wrapper}</div><div>{sidebar}</div>")).text
        # (Under a heading that is not the page's title, the box climbs over the post as before.)
        assert ("several chic items remain" in text) is kept and ("two sisters" in text) is not kept


@pytest.mark.parametrize("pid", ["dragnet-R639", "dragnet-R985"])
def test_real_short_posts_with_a_comment_and_its_form_in_their_body_wrapper(pid):
    # A TypePad post of a paragraph or two, with the comments-few probe's comment and form put in
    # its entry-content after the post: the form's box had climbed over the post, and a sidebar or
    # a sign-up line was the body.
    text = _auto_text("dragnet", pid, "comments-few")
    gold = corpus_page("dragnet", pid)[0]["articleBody"]
    assert gold.split("\n")[1][:60] in text and "Keep up the good work" not in text


def test_sections_inside_unclosed_named_anchors_are_kept_on_a_real_page():
    # An old page whose <a name> targets are never closed: every section sits inside one.
    text = _auto_text("cleaneval", "cleaneval-final-670")
    assert "Before 2000 the IUCN Red List was produced in book format" in text
    assert "Higher taxonomy details are shown for Kingdom" in text


def test_a_pick_beside_the_one_entry_content_the_page_declares_yields_to_it():
    # A short post (hAtom entry-content) beside a longer "about me" box of prose: the box
    # has the larger net value, but the page says which element holds its entry.
    post = ("<p>Dear all, I would love to invite you to the book event at the library this Saturday at 11.</p>"
            "<p>Hope to see you there. Cheers, Alina</p>")
    about = ("<p>Thank you for visiting my blog. Professionally, I am a story artist at a film studio. For fun, "
             "I draw comics, and I am working on a children's book about a treehouse and its heroes.</p>")
    sidebar = f'<div class="profile">{about}</div>'
    archive = "<ul>" + "".join(f'<li><a href="/2012/{m}">Posts of month {m}</a></li>' for m in range(1, 13)) + "</ul>"
    for classes, declared in (("post-body entry-content", True), ("post-body e-content", True),
                              ("post-body Entry-Content", True), ("E-CONTENT", True), ("post-inner", False),
                              ("post-inner entry-contents", False),
                              # A name that says it holds the article's body, the page's one such element.
                              ("post-body", True), ("articleBody", True), ("story_text", True),
                              ("article-bodywork", False), ("posts-content", False)):
        entry = f'<div class="post hentry"><h3>Little gifts</h3><div class="{classes}">{post}</div></div>'
        text = block_pick(page(f'<div id="main">{entry}{archive}</div><div id="side">{sidebar}</div>'))
        assert ("the book event" in text) is declared and ("story artist" in text) is not declared, classes
    # A blog's front page declares many entries, so none of them.
    two = "".join(f'<div class="post"><div class="entry-content">{post}</div></div>' for _ in range(2))
    assert "story artist" in block_pick(page(f'<div id="main">{two}{archive}</div><div id="side">{sidebar}</div>'))


def test_a_one_paragraph_story_named_the_article_body_beside_a_longer_caption():
    # A news brief of one paragraph in an element named as the article's body ("articleBody",
    # "story-body", "post-content"), its photo's caption longer than it in the template above it
    # (links between them: the block pick's best subtree is the caption alone).
    story = "<p>BERLIN -- The space agency says putting astronauts to sleep could make long trips easier.</p>"
    caption = ("<p>In this 2006 file photo, made available by the agency, two astronauts work on the station "
               "during a spacewalk, with the Earth behind them. (AP / Agency)</p>")
    links = "<ul>" + "".join(f"<li><a href='/s{i}'>Another story about space number {i}</a></li>" for i in range(8))
    caption += links + "</ul>"
    for name, declared in (("articleBody", True), ("story-body", True), ("post-content", True), ("field", False)):
        body = f'<div class="element"><div class="image">{caption}</div><div class="{name}">{story}</div></div>'
        text = block_pick(page(body))
        assert ("putting astronauts to sleep" in text) is declared and ("spacewalk" in text) is not declared, name
    # Inside a comment thread (a comment's "entry-body"), or one of many (a listing's), no name declares it.
    thread = f'<div class="comments"><div class="comment"><div class="entry-body">{story}</div></div></div>'
    assert "spacewalk" in block_pick(page(f'<div class="element"><div class="image">{caption}</div>{thread}</div>'))
    two = "".join(f'<div class="post"><div class="post-content">{story}</div></div>' for _ in range(2))
    assert "spacewalk" in block_pick(page(f'<div class="element"><div class="image">{caption}</div>{two}</div>'))


@pytest.mark.parametrize("attr, declared", [('itemprop="articleBody"', True), ('class="story-body"', True),
                                            ('class="field"', False)])
def test_little_prose_in_the_declared_body_is_no_listing(attr, declared):
    # Little prose on the page (a one-paragraph story): the pick reads it as a listing and takes its
    # links, unless the page declares its body and that body holds net prose, wherever the best
    # subtree lies (beside it: a site's blurb; over it: the story's wrapper with a link list).
    story = "<p>The council delayed the budget vote again on Tuesday, after residents asked for more time.</p>"
    blurb = ("<p>Town News has covered the council, the schools and the old bridge for forty years, and it "
             "is read in every house in the valley.</p>")
    links = "<ul>" + "".join(f"<li><a href='/s{i}'>Another story about the town number {i}</a></li>"
                             for i in range(30)) + "</ul>"
    for body in (f'<div class="main"><div {attr}>{story}</div>{links}</div><div class="about">{blurb}</div>',
                 f'<div class="main"><div {attr}>{story}</div></div><div class="about">{blurb}{links}</div>'):
        text = block_pick(page(body))
        assert "delayed the budget vote" in text
        assert ("Another story" not in text and "forty years" not in text) is declared


def test_the_source_is_read_for_an_entry_class_in_any_case_before_class_names_are():
    from scrapy_webclean.extractors._auto_mark import _spells_entry

    for source, spelled in (('<div class="entry-content">', True), ('<div class="E-Content">', True),
                            ('<div class="hentry ENTRY-CONTENT">', True), ("e-content", True),
                            ('<div class="post-content">', False), ('<div class="-content">', False),
                            ("-content", False), ('<div class="entry content">', False)):
        assert _spells_entry(source) is spelled, source


def test_the_declared_entry_wins_over_a_profile_box_on_a_real_page():
    text = _auto_text("dragnet", "dragnet-R103")
    assert "Treehouse Heroes and the Forgotten Beast" in text and "3D story artist" not in text


def test_a_log_in_box_does_not_climb_over_the_headline_of_a_short_story():
    # The form and a two-sentence story share a wrapper of under 300 characters: the
    # box stops below the wrapper that adds the story's headline.
    story = ("<p>The council approved the new bridge on Tuesday. Work starts in May and should end next spring, "
             "the mayor said.</p>")
    body = (f'<div id="page"><form><label>Email</label><input type="text"><label>Password</label>'
            f'<input type="password"></form><h1>Bridge approved</h1>{story}</div>')
    doc = parse(page(body, head="<title>Bridge approved</title>"))
    (box,) = login_boxes(doc)
    assert doc.tags[box] == "form"
    assert "The council approved the new bridge" in auto(page(body, head="<title>Bridge approved</title>")).text


def test_a_sign_up_box_climbs_over_its_own_title_but_not_a_headline():
    # A heading shorter than a headline, no <h1> and not the page's title, is the box's own
    # ("Newsletter"): the box takes it and the pitch under it. A short story's headline stops it.
    box = ('<div><h3>Newsletter</h3><p>The day in five minutes, every weekday at seven.</p>'
           '<form><input type="email"><button>Sign me up</button></form></div>')
    body = page(f"<article><p>{PROSE}</p><p>{MORE}</p>{box}<p>{MORE}</p><p>{PROSE}</p></article>")
    doc = parse(body)
    (found,) = login_boxes(doc)
    assert doc.tags[found] == "div" and doc.tags[found + 1] == "h3"
    for text in _both_picks(body):
        assert PROSE in text and MORE in text and "five minutes" not in text
    for heading in ("<h1>Town news</h1>", "<h3>Budget vote delayed</h3>", "<h3>The bridge reopens after a year of works</h3>",
                    "<h3>News</h3><h3>Sport</h3><h3>Weather</h3>"):  # (a box has a title or two, not three)
        doc = parse(page(f"<div>{heading}<p>The council met.</p><form><input type='email'></form></div>"))
        assert [doc.tags[i] for i in login_boxes(doc)] == ["form"], heading



#: A sign-up box with its pitch, as a story's template sets one between paragraphs.
SIGN_UP_BOX = ('<div><p>Get our free daily newsletter with the top stories.</p>'
               '<form><input type="email"><button>Sign up</button></form></div>')


def test_a_sign_up_box_in_the_middle_of_a_short_story_does_not_take_it():
    # The story's wrapper holds under 500 characters: the box climbed into it, and the story went
    # with the box. Two of a story's paragraphs beside the box stop it; its own pitch does not.
    first, second = PROSE, MORE
    box = SIGN_UP_BOX
    body = page(f"<h1>Pier to close</h1><div><div><p>{first}</p></div>{box}<div><p>{second}</p></div></div>",
                head="<title>Pier to close</title>")
    doc = parse(body)
    (found,) = login_boxes(doc)
    assert "".join(doc.tags[found:found + 2]) == "divp"
    text = auto(body).text
    assert first in text and second in text and "free daily newsletter" not in text
    thanks = ("<p>Thanks for subscribing! Look out for your first newsletter in your inbox very soon, and do "
              "tell your friends and your neighbours about us!</p>")
    doc = parse(page(f"<div><div>{thanks}</div>{box}<div>{thanks}</div></div>"))
    (found,) = login_boxes(doc)
    assert subtree_text(doc, found).count("Thanks for subscribing") == 2


def test_a_sign_up_box_beside_a_one_paragraph_story_does_not_take_it():
    # One paragraph of 300 characters beside a box that already holds its pitch stops the box; a
    # box of fields alone still takes in its own pitch, however long.
    story = f"{PROSE} {MORE}"
    box = SIGN_UP_BOX
    body = page(f"<h1>Pier to close</h1><div><div><div><p>{story}</p></div></div>{box}</div>",
                head="<title>Pier to close</title>")
    doc = parse(body)
    (found,) = login_boxes(doc)
    assert "Get our free daily newsletter" in subtree_text(doc, found) and PROSE not in subtree_text(doc, found)
    text = auto(body).text
    assert story in text and "free daily newsletter" not in text
    pitch = f"<p>{PROSE} {MORE}</p>"
    doc = parse(page(f"<div>{pitch}<form><input type='email'><button>Sign up</button></form></div>"))
    (found,) = login_boxes(doc)
    assert PROSE in subtree_text(doc, found)


def test_on_a_cjk_page_a_sign_up_box_is_a_third_as_long():
    # 170 Chinese characters are a short story, not a box's pitch: a CJK character says as much as
    # three Latin ones, and the box's limits are a third on such a page (as the thread finder's are).
    story = ("交通运输部昨天发布通知，要求各地在春运期间加强长途客运安全管理，严格落实驾驶员休息制度，"
             "对超员超速等违法行为从严查处。通知指出，今年春运客流预计比去年增长百分之八，其中自驾出行比例"
             "继续上升，各地要提前做好高速公路服务区的保障工作。交通运输部还要求各地客运站合理安排运力，"
             "在客流高峰时段增开班次，并通过网络和电话等多种渠道及时发布出行信息，方便旅客安排行程。")
    box = "<div><p>订阅我们的每日新闻简报。</p><form><input type='email'><button>订阅</button></form></div>"
    body = page(f"<h1>春运安全通知</h1><div><div><p>{story}</p></div>{box}</div>", head="<title>春运安全通知</title>")
    doc = parse(body)
    (found,) = login_boxes(doc)
    assert "交通运输部" not in subtree_text(doc, found)
    text = auto(body).text
    assert story in text and "订阅我们的每日新闻简报" not in text

def test_an_authors_box_label_inside_a_sentence_is_prose():
    line = ("<p>Notes on sources and a short note <b>about the author</b> follow the photographs, "
            "which were taken on the bridge over two winters.</p>")
    body = page(f"<article><p>{PROSE}</p>{line}<p>{MORE}</p></article>")
    doc = parse(body)
    assert _box_end(doc, doc.measures.text_len, doc.tags.index("b")) == -1
    assert "a short note about the author follow the photographs" in auto(body, favor="recall").text
    label = parse(page(f"<article><p>{PROSE}</p><p><b>About the author</b></p><p>{MORE}</p></article>"))
    assert _box_end(label, label.measures.text_len, label.tags.index("b")) > 0  # a label alone in its block



def test_an_authors_box_label_in_running_prose_is_not_boilerplate():
    # "about the author" in a sentence of a short paragraph, no tag around it: the paragraph stays in every mode.
    line = ("I wrote a short note about the author of this book, and her reply surprised me: "
            "she had never been to the coast at all.")
    body = page(f"<article><h1>Budget vote delayed</h1><p>{PROSE}</p><p>{MORE}</p><p>{line}</p>"
                f"<p>{MORE} {PROSE}</p><p>{PROSE} {MORE}</p></article>")
    for favor in ("balanced", "precision", "recall"):
        text = auto(body, favor=favor).text
        assert line in text and PROSE in text, favor
    for prose in (line, "Über den Autor des Buches ist wenig bekannt, sagt der Verlag.",
                  "We wrote about the author, and she answered the next day.", "She kept notes about the author's life."):
        assert not _piece_mark(prose, linked=False) and not _piece_mark(prose, linked=True), prose
    # A label is one still: the block's whole text, its opening words, or after a separator ...
    for label in ("About the author", "About The Author:", "» Über den Autor",
                  "About the author: Jane Doe covers the council.", "Posted in Books | About the author"):
        assert _piece_mark(label, linked=False) == _MARK_PROMO, label
    # ... and so is a line whose link points to the box.
    pointer = "See the author archive for a short bio, more posts, and other information about the author."
    assert _piece_mark(pointer, linked=True) == _MARK_PROMO and not _piece_mark(pointer, linked=False)


_STORIES = {
    "en": ("The city council approved the new budget on Tuesday after a long debate, and members agreed to "
           "repair the old bridge."),
    "ur": ("شہر کی کونسل نے منگل کو طویل بحث کے بعد نئے بجٹ کی منظوری دی، اور اراکین نے پرانے پل کی مرمت پر "
           "اتفاق کیا۔"),
    "my": "မြို့တော်ကောင်စီသည် အင်္ဂါနေ့တွင် ရှည်လျားသော ဆွေးနွေးမှုအပြီး ဘတ်ဂျက်အသစ်ကို အတည်ပြုခဲ့သည်။",
    "th": ("สภาเมืองอนุมัติงบประมาณใหม่เมื่อวันอังคารหลังจากการอภิปรายอันยาวนาน และสมาชิกตกลงที่จะซ่อมสะพานเก่า "
           "ชาวบ้านกล่าวว่าพวกเขาพอใจ แต่บางคนกังวลเรื่องค่าใช้จ่าย"),
}


@pytest.mark.parametrize("lang", sorted(_STORIES))
def test_a_story_punctuated_in_another_script_is_prose(lang):
    # A short story in Urdu, Burmese or Thai beside a box of English teasers: its sentence marks (Urdu's
    # full stop and comma, Burmese's; Thai's spaces between clauses) mark prose as a period does.
    story = _STORIES[lang]
    teasers = "".join(f"<div><a href='/s{i}'>Teaser headline number {i} here</a><p>Read our guide to the best "
                      f"hotels in the region. We picked ten places, from cheap to luxury.</p></div>" for i in range(4))
    body = (f"<html><head><title>{story[:40]}</title></head><body><div><a href=/>Home</a></div>"
            f"<div><div><h1>{story[:40]}</h1><p>{story}</p></div><div>{teasers}</div></div></body></html>").encode()
    text = auto(body).text
    assert story in text and "hotels" not in text
