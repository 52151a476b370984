"""Words and marks of ``auto``'s block pick: the class/id names of page
furniture and the phrases that mark a block as boilerplate (copyright,
credits, promotion, datelines)."""

from __future__ import annotations

import re

from .._cache import BoundedCache
from .._document import BLOCK_TAGS, Document, text_content
from .._walk import subtree_text
from ._literals import literal_union

#: Nodes that own the text of their inline descendants.
_BLOCKS = BLOCK_TAGS - {"br", "hr"}
#: Headings: part of the body's structure, never scored as prose.
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Table cells: short unpunctuated text there is data, not a menu.
_CELLS = frozenset({"td", "th"})
#: Paragraphs and lists: what a link line inside the running text is made of.
_FLOW_TAGS = frozenset({"p", "ul", "ol"})
#: A run of this many link lines in the running text is a links section, not an aside.
_FLOW_RUN = 6
#: Class tokens of a link styled as a button.
_BUTTON_CLASS = re.compile(r"(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])", re.IGNORECASE)
#: A line that opens as a call to action ("Learn more about our plans", "Check out ...", "→ Our guide").
_CALL_TO_ACTION = re.compile(
    r"^\s*[→»›▶►>]|^\W*(?:learn (?:more|about)|find out|check out|click|discover|explore|download|sign up|"
    r"subscribe|shop|buy|"
    r"get started|try|join)\b", re.IGNORECASE)
#: Share of capitals above which a line is shouted (a promotion, "AMID FEUD WITH X: REPORT").
_SHOUTED = 0.8
#: A short article's prose, in non-space characters: the block pick's title
#: region, the arbiter's "links against prose" rule and the seeds' vote.
SHORT_ARTICLE = 200
#: A line opening with a label: a word or two and a colon ("Related:", "READ MORE:", "See also:"; not "3 March:").
_LABELLED_LINE = re.compile(r"^\W*[^\W\d]+(?:\s+[^\W\d]+)?\s*:")
#: Headings that may repeat the page title (left out: the title is its own field).
_TITLE_TAGS = frozenset({"h1", "h2"})
#: Code elements: the class names inside them are syntax highlighting.
_CODE_TAGS = frozenset({"pre", "code"})
#: Tags whose subtree is page furniture, whatever it holds.
_FURNITURE_TAGS = frozenset({"nav", "aside", "footer", "menu", "dialog", "figcaption"})
#: Tags that declare the page's main region.
_MAIN_REGION = frozenset({"main", "article"})
#: Tags that are the page itself or its declared main region: never furniture by name.
_NEVER_FURNITURE = frozenset({"html", "body", "main", "article"})
#: Class/id tokens naming page furniture (see :func:`_furniture_name`).
_FURNITURE_WORDS = (
    "comment comments commentlist disqus respond replies reply "
    "related relatedposts recommended recommendations also-read readmore read-more more-stories "
    "share sharing sharebar sharetools social socials "
    "sidebar sidebars sidenav "
    "footer foot cookie cookies consent gdpr newsletter subscribe subscription signup paywall "
    "promo promotion advert advertisement adverts ad ads adslot sponsor sponsored outbrain taboola "
    "breadcrumb breadcrumbs nav navbar navigation menu menus pagination pager "
    "tags tagcloud tag-list copyright disclaimer trending popular mostread most-read "
    "byline author-bio authorbio author-box postmeta entry-meta post-meta user-info caption captions credit credits "
    "modal popover tooltip"
)
_FURNITURE_ONE = frozenset(w for w in _FURNITURE_WORDS.split() if "-" not in w)
_FURNITURE_TWO = frozenset(tuple(w.split("-")) for w in _FURNITURE_WORDS.split() if "-" in w)
_FURNITURE_FIRST = frozenset(w[0] for w in _FURNITURE_TWO)
#: Tokens that name furniture outside the page's main region only: inside
#: ``<main>``/``<article>`` page builders call every block of the text a widget.
_WEAK_FURNITURE = frozenset({"widget", "widgets"})
#: Tokens by which a widget names itself the text ("widget Blog", "post-widget"): not furniture.
_CONTENT_TOKENS = frozenset({"article", "blog", "post", "entry", "story"})
#: Comment-thread tokens: those subtrees may be returned as ``comments``.
_COMMENT_WORDS = frozenset({"comment", "comments", "commentlist", "disqus", "respond", "replies"})
#: Function words of English prose: an id holding one is a heading's slug.
_SLUG_WORDS = frozenset("a an and the to of for in on with is are how what why when your you from by or".split())
_NAME_SPLIT = re.compile(r"[\s_-]+")
#: Words before "sidebar" that make it a layout's modifier ("main-with-sidebar", "has-sidebar", "no-sidebar").
_LAYOUT_WORDS = frozenset({"with", "has", "no", "without"})
#: A utility class's arbitrary value ("h-[calc(100vh-var(--nav-height))]", "top-[var(--header-h)]"):
#: a measure or a colour, not a name.
_ARBITRARY_VALUE = re.compile(r"\[[^\]\s]*\]")


def _is_slug(ident: str) -> bool:
    """An id of five or more parts with a function word among them: a slug
    of a heading ("receive-and-reply-to-an-sms"), not a component's name
    ("comments", "related-posts", "dfp-ad-incontent-desk-1-wrapper")."""
    if ident.count("-") + ident.count("_") < 4:
        return False
    parts = _NAME_SPLIT.split(ident.lower())
    return len(parts) >= 5 and not _SLUG_WORDS.isdisjoint(parts)


def _furniture_name(names: str, in_main: bool = False) -> int:
    """2 when a class/id string names a comment thread, 1 other furniture, else 0.

    Whole tokens only (split at spaces, ``-`` and ``_``), so ``header-image``
    is not ``head`` and ``footnotes`` is not ``foot``. ``in_main``: the node
    is inside the page's main region, where the weak words (``widget``) do
    not count.
    """
    # A site repeats a few hundred class strings on every page: remember the
    # answers (emptied when full, so a long crawl of many sites stays bounded).
    key = (names, in_main)
    mark = _FURNITURE_SEEN.get(key)
    if mark is None:
        mark = _FURNITURE_SEEN.put(key, _furniture_mark(names, in_main))
    return mark


_FURNITURE_SEEN: BoundedCache[tuple[str, bool], int] = BoundedCache(1 << 16)


def _furniture_mark(names: str, in_main: bool) -> int:
    if "[" in names:
        names = _ARBITRARY_VALUE.sub(" ", names)
    parts = _NAME_SPLIT.split(names.lower())
    if "sidebar" in parts and not _LAYOUT_WORDS.isdisjoint(parts):
        # "main-with-sidebar", "has-sidebar", "no-sidebar": a layout's modifier, not the box.
        parts = [w for k, w in enumerate(parts) if w != "sidebar" or not k or parts[k - 1] not in _LAYOUT_WORDS]
    if not _FURNITURE_ONE.isdisjoint(parts):
        return 1 if _COMMENT_WORDS.isdisjoint(parts) else 2
    if not _FURNITURE_FIRST.isdisjoint(parts):
        for k in range(1, len(parts)):
            if (parts[k - 1], parts[k]) in _FURNITURE_TWO:
                return 1
    if not in_main and not _WEAK_FURNITURE.isdisjoint(parts) and _CONTENT_TOKENS.isdisjoint(parts):
        return 1
    return 0


#: Boilerplate statements (seed 003's stop phrases): what makes a block legal text whatever its length,
#: then (_BOILERPLATE_RE) with what prose talks about too (cookies, privacy, terms): see :func:`_piece_mark`.
_HARD_LEGAL = re.compile(
    r"©|&copy;|\(c\)\s*\d{4}|copyright(?![a-z])(?!\s*[,;?\-]|\s+(?-i:[a-z]))|all rights reserved|"
    r"版权所有|著作权|免责声明|版权声明|不得转载|未经授权|"
    r"alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati|"
    r"todos os direitos reservados|alle rechten voorbehouden", re.IGNORECASE)
#: Cookies as a site's notice speaks of them (their policy, settings, consent; a site that uses or
#: sets them; a reader who accepts or rejects them; the kinds it sets), not the ones a recipe bakes
#: ("Fig Newton cookies are dessert", "Allow cookies to cool", "Store cookies in an airtight tin").
_COOKIE_NOTICE = (
    r"cookies? ?(?:policy|policies|settings|preferences|consent|notice|statement|banner|declaration|information|"
    r"choices)|\b(?:we|site|website|page|service|partners|third[- ]part(?:y|ies))(?: \w+){0,3} (?:use|uses|set|"
    r"sets)(?: \w+)? cookies|(?:accept|reject|enable|disable|block|delete|"
    r"manage)(?: all| optional| non-essential)? cookies|allow all cookies|use of cookies|(?:third[- ]party|"
    r"essential|strictly necessary|necessary|analytics?|analytical|functional|marketing|tracking|performance|"
    r"advertising|session|persistent|optional) cookies|cookies (?:on (?:this|our)|help us|are used|we use|to "
    r"(?:improve|give|provide|enhance|personali[sz]e|analy[sz]e|ensure|offer|deliver|understand|track)|and "
    r"similar)|"
    # The same notices in German, French, Spanish, Italian, Portuguese and Dutch.
    r"(?:verwendet|verwenden|nutzt|nutzen|setzt|setzen) (?:\w+ )?cookies|cookie-(?:einstellungen|richtlinie|"
    r"hinweis)|cookies akzeptieren|(?:verwendung|einsatz) von cookies|utilis(?:e|ons|ent) (?:des )?cookies|"
    r"accepter (?:les |tous les )?cookies|(?:paramètres|politique|gestion) (?:des|de|relative aux) cookies|"
    r"utilisation (?:des|de) cookies|(?:utiliza|utilizamos|usa|usamos|utilizan) (?:\w+ )?cookies|"
    r"aceptar (?:las |todas las )?cookies|(?:política|configuración|uso) de cookies|utilizz(?:a|iamo|ano) "
    r"(?:i )?cookie|usa (?:i )?cookie|accett(?:a|o) (?:i |tutti i )?cookie|informativa (?:sui )?cookie|"
    r"uso dei cookie|aceitar (?:os |todos os )?cookies|política de cookies|"
    r"(?:gebruikt|gebruiken) (?:\w+ )?cookies|cookies accepteren|cookiebeleid|cookie-instellingen|"
    r"gebruik van cookies")
_BOILERPLATE_RE = re.compile(
    _HARD_LEGAL.pattern + r"|terms of (?:use|service)|privacy policy|" + _COOKIE_NOTICE + "|"
    r"datenschutzerklärung|nutzungsbedingungen|mentions légales|politique de confidentialité|"
    r"conditions d'utilisation|política de privacidad|aviso legal|términos y condiciones|informativa sulla privacy|"
    r"termini e condizioni|política de privacidade|termos de uso|privacybeleid|algemene voorwaarden", re.IGNORECASE)
#: From this many characters a block naming cookies, privacy or terms without a link is prose, not a notice.
_SOFT_LEGAL_PROSE = 150
#: ... unless it opens with them (a label: "TERMS OF USE: ...").
_SOFT_LEGAL_LABEL = 40
#: An author's box's labels (promotion labels too): a block whose whole text is one heads a biography.
_AUTHOR_LABELS = ("about the author", "über den autor", "à propos de l'auteur", "sobre el autor", "sobre o autor",
                  "over de auteur")
#: ... as a promotion phrase only where it reads as a label: it opens the block or follows a sentence's end
#: or a separator ("Posted in Books | About the author"), and no lower-case word runs on from it. In running
#: prose ("a short note about the author of this book") it is a sentence's words.
_AUTHOR_LABEL_RE = (r"(?:^|[.!?:;|•·»–—…\])›\n]|\s-\s)\W*(?:" + "|".join(_AUTHOR_LABELS)
                    + r")(?!\w*[\s,'’]+(?-i:[a-zß-öø-ÿ]))")
#: A line with a link that ends in one points to the box ("See his archive for more information about the author.").
_AUTHOR_POINTER = re.compile(r"(?:" + "|".join(_AUTHOR_LABELS) + r")\W*$", re.IGNORECASE)
#: Promotion and box labels: "Sign up for our newsletter", "You may also like"; "read more", "share this",
#: "don't miss" and "more from" where they read as a label (they open the block or follow a sentence's end
#: or a separator; "to read more"), not in a sentence ("You can read more about the plan in the report.",
#: "She raised more from friends").
_PROMO_RE = re.compile(
    r"sign up (?:for|to)|subscribe (?:to|now|today|for)|to your inbox|newsletter|follow us on|"
    r"sharing is caring|affiliate[- ]?links?|amazon associate|you may also like|you might also like|most read|"
    r"(?:^|[.!?:;|•·»–—…\])›\n]|\s-\s)\W*(?:read more|share this|don'?t miss|more from)|"
    r"\bto read more(?:\W*$|\s*[:»›…])|"
    r"related (?:tags|topics|articles|stories|posts|content)|recommended for you|"
    r"print recipe|jump to recipe|responses to this entry|"
    r"this entry was posted (?:on|in)|trackback url|listed below are links to (?:weblogs|blogs|sites)|"
    r"关注我们|扫一扫|责任编辑|相关阅读|相关新闻|推荐阅读|分享到|関連記事|"
    # The same box labels in other languages (German, French, Spanish, Italian, Portuguese, Dutch).
    r"ähnliche (?:beiträge|artikel)|rezept drucken|könnte (?:dich|sie) auch interessieren|"
    r"mehr zum thema|lesen sie auch|articles similaires|à lire aussi|sur le même sujet|"
    r"vous aimerez aussi|artículos relacionados|te puede interesar|lee también|"
    r"articoli correlati|leggi anche|potrebbe interessarti|artigos relacionados|leia também|"
    r"gerelateerde artikelen|lees ook|"
    # Affiliate disclosures in those languages.
    r"liens? (?:d'affiliation|affiliés?)|enlaces? (?:de )?afiliad[oa]s?|link (?:di )?affilia(?:ti|zione)|"
    r"links? (?:de )?afiliad[oa]s?|" + _AUTHOR_LABEL_RE, re.IGNORECASE)
#: Photo credits and caption furniture: "Photo: X, AP", "(Image: GETTY)", "Image 1 of 5".
_CREDIT_RE = re.compile(
    r"^\s*\(?(?:photo|image|picture|illustration|video)s?(?: credit)?\s*:|\((?:image|photo|picture)s?(?: credit)?\s*:|"
    r"^\s*(?:image|photo|slide) \d+ of \d+\s*$|^\s*caption\s*$|getty images|\bAP photo\b|图片来源|图/", re.IGNORECASE)
#: Which mark a text piece gives its block (0: none), and under how many
#: characters a marked block is boilerplate rather than prose that mentions it.
#: (_MARK_LINKED is not boilerplate: a sentence whose links outweigh its own words.)
_MARK_LEGAL, _MARK_DATELINE, _MARK_PROMO, _MARK_CREDIT, _MARK_LINKED = 1, 2, 3, 4, 5
_MARK_LIMIT = (0, 1000, 80, 300, 300, 0)
#: The three phrase sets in one pass over a short piece (one regex search, not three).
_SHORT_MARKS = re.compile(
    f"(?P<legal>{_BOILERPLATE_RE.pattern})|(?P<credit>{_CREDIT_RE.pattern})|(?P<promo>{_PROMO_RE.pattern})",
    re.IGNORECASE)
#: Literal fragments (lower case), one of which every match of each phrase set contains.
_LEGAL_KEYWORDS = ("©", "&copy", "(c)", "copyright", "rights reserved", "版权", "著作权", "免责", "转载", "授权",
                   "terms of", "privacy", "cookie", "rechte vorbehalten", "droits réservés", "derechos reservados",
                   "diritti riservati", "direitos reservados", "rechten voorbehouden", "datenschutz", "nutzungsbed",
                   "mentions légales", "confidentialité", "conditions d'util", "privacidad", "aviso legal",
                   "términos y", "termini e", "termos de", "algemene voorwaarden")
_CREDIT_KEYWORDS = ("photo", "image", "picture", "illustration", "video", "slide", "caption",
                    "图片来源", "图/")
_PROMO_KEYWORDS = ("sign up", "subscribe", "inbox", "newsletter", "follow us", "share this", "sharing is", "affili",
                   "also like", "most read", "miss", "related", "more from", "recommended", "read more",
                   "recipe", "to this entry", "entry was posted", "trackback url", "listed below are links",
                   "关注我们", "扫一扫", "责任编辑", "相关阅读", "相关新闻", "推荐阅读", "分享到", "関連記事",
                   "ähnliche", "rezept drucken", "auch interessieren", "mehr zum thema",
                   "lesen sie auch", "similaires", "lire aussi", "même sujet", "aimerez aussi",
                   "relacionados", "puede interesar", "lee también", "correlati", "leggi anche",
                   "potrebbe interessarti", "leia também", "gerelateerde", "lees ook",
                   "afiliad", "amazon associate", *_AUTHOR_LABELS)
_ANY_KEYWORD = literal_union((*_LEGAL_KEYWORDS, *_CREDIT_KEYWORDS, *_PROMO_KEYWORDS))
_GROUP_MARK = {"legal": _MARK_LEGAL, "credit": _MARK_CREDIT, "promo": _MARK_PROMO}
#: Month names and dateline words of German, French, Spanish, Italian, Portuguese and Dutch
#: ("Veröffentlicht am 3. März 2024", "Publié le 3 mars 2024", "Publicado el 3 de marzo de 2024").
_MONTHS = ("januar|januari|janvier|enero|gennaio|janeiro|februar|februari|février|febrero|febbraio|fevereiro|"
           "märz|maart|mars|marzo|março|avril|abril|aprile|mai|mei|mayo|maggio|maio|juni|juin|junio|giugno|"
           "junho|juli|juillet|julio|luglio|julho|augustus|août|agosto|oktober|octobre|octubre|ottobre|"
           "outubro|dezember|décembre|diciembre|dicembre|dezembro|septembre|septiembre|settembre|setembro")
_DATED = ("veröffentlicht|aktualisiert|am|um|uhr|publié|publiée|mis à jour|le|à|publicado|publicada|"
          "actualizado|el|de|a las|pubblicato|aggiornato|il|alle|atualizado|em|às|gepubliceerd|bijgewerkt|op|om")
#: A dateline or byline piece: dates, times, "Updated"/"Posted", "By Name".
_DATE_WORDS = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|"
    r"\b(?:first|updated|posted|published|last|modified|edited|on|at|am|pm|a\.m\.|p\.m\.|[a-z]?[ecmp][sd]t|gmt|utc|bst|ist|"
    r"ago|hours?|minutes?|mins?|days?)\b|\d+(?:st|nd|rd|th)\b|"
    r"[\d:/.,;|\-–—：]+|年|月|日期|日|时间|时|分|发布|发表于|发表|更新|星期[一二三四五六日天]|上午|下午|来源|"
    rf"\b(?:{_MONTHS}|{_DATED})\b", re.IGNORECASE)
_DATE_HINT = re.compile(
    r"\d{1,4}\s*[/.\-年月]\s*\d{1,2}|\d{1,2}:\d{2}|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\d\s+(?:jan|feb|mar|apr|may|jun|"
    rf"jul|aug|sep|sept|oct|nov|dec)|\b(?:{_MONTHS})\s+\d|\d\.?\s+(?:de\s+)?(?:{_MONTHS})\b", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_ASCII_LETTER = re.compile("[A-Za-z]")
#: A poster's statistics beside a forum post ("Posts: 13", "Joined: Wed Feb 04, 2015 6:38 pm", "Reaction score 1,204").
_STAT_LINE = re.compile(
    r"^\s*(?:joined|posts|messages|threads|reputation|reaction score|points|karma|likes(?: received)?|solutions|"
    r"member since|registered|trophies)\s*:?\s*(?:[\d.,]+\s*[km]?|.{0,40}\d{4}.{0,12})\s*$", re.IGNORECASE)
_BYLINE = re.compile(r"^\s*(?:by|written by|posted by|edited by|words by|von|par|por|作者|文)[\s:：]+\S", re.IGNORECASE)
#: A Chinese news page's attribution line: "来源：新华网", "本文来源：X 作者：Y", after nothing but a date
#: ("发布时间：2024-01-05 10:30 来源：新华网"; see :func:`_is_dateline`).
_ZH_SOURCE = re.compile(r"(?:本文|信息|新闻|文章)?(?:来源|來源|出处|出處)\s*[:：]\s*\S")
#: The prose region holds this share of the page's prose; the net-value root
#: yields to it when it holds less than the second share of the region's.
_PROSE_ROOT_SHARE, _PROSE_ROOT_SLIVER = 0.5, 0.5
#: How a sentence ends (a closing quote may follow the mark).
_SENTENCE_ENDS = (".", "!", "?", "。", "！", "？", '."', ".”")
#: How a cut-off summary ends.
_ELLIPSES = ("…", "...", "[…]", "[...]")


def _piece_mark(text: str, linked: bool = True) -> int:
    """The boilerplate mark a block's text gives it (0 for none); ``linked``:
    the block holds a link."""
    if len(text) >= _REMEMBERED:
        return _judge_piece(text, linked)
    # Menu rows, bylines and notices repeat within a page and over a site's
    # pages: short texts' marks are remembered (emptied when full).
    key = (text, linked)
    mark = _PIECES_SEEN.get(key)
    if mark is None:
        mark = _PIECES_SEEN.put(key, _judge_piece(text, linked))
    return mark


_REMEMBERED = 300
_PIECES_SEEN: BoundedCache[tuple[str, bool], int] = BoundedCache(1 << 12)


def _judge_piece(text: str, linked: bool) -> int:
    mark = _mark(text)
    if not mark and linked and len(text) < _MARK_LIMIT[_MARK_PROMO] \
            and _AUTHOR_POINTER.search(text.rstrip()[-_BOX_LABEL_CHARS[1]:]):
        return _MARK_PROMO
    if mark == _MARK_LEGAL and not linked and len(text.strip()) >= _SOFT_LEGAL_PROSE \
            and not _HARD_LEGAL.search(text) and _BOILERPLATE_RE.search(text.strip()[:_SOFT_LEGAL_LABEL]) is None:
        return 0
    return mark


def _mark(text: str) -> int:
    text = text.strip()
    if len(text) < 2:
        return 0
    low = text.lower()
    # A few substring tests (C speed) rule out almost every block, and most
    # of the rest, before a regular expression tries its alternatives at every
    # position: only the phrase sets whose keywords occur are searched.
    if len(text) >= 300:
        return _MARK_LEGAL if any(k in low for k in _LEGAL_KEYWORDS) and _BOILERPLATE_RE.search(text) else 0
    # (Most short blocks hold no keyword at all: one search over all of them says so.)
    hit = _ANY_KEYWORD.search(low) is not None
    legal = hit and any(k in low for k in _LEGAL_KEYWORDS)
    credit = hit and any(k in low for k in _CREDIT_KEYWORDS)
    promo = hit and any(k in low for k in _PROMO_KEYWORDS)
    if legal + credit + promo > 1:
        m = _SHORT_MARKS.search(text)  # the leftmost phrase of any set decides, as one search would
        if m:
            return _GROUP_MARK[m.lastgroup or ""]
    elif legal:
        if _BOILERPLATE_RE.search(text):
            return _MARK_LEGAL
    elif credit:
        if _CREDIT_RE.search(text):
            return _MARK_CREDIT
    elif promo:
        if _PROMO_RE.search(text):
            return _MARK_PROMO
    if len(text) < 80 and (_is_dateline(text) or _STAT_LINE.match(text)):
        return _MARK_DATELINE
    return 0


def _linked_sentence(doc: Document, i: int) -> int:
    """:data:`_MARK_LINKED` when block ``i`` is a sentence that goes on after
    its last link and ends the block ("<a>Police ordered DNA samples</a> when
    applying for travel documents."), else 0: a headline or a "read this too"
    line is all link, a menu row has no sentence after its links."""
    tags, last = doc.tags, -1
    for j in range(i + 1, doc.end[i]):
        if tags[j] == "a":
            last = j
    if last < 0:
        return 0
    tail = (doc.tails[last] or "").rstrip()
    if len(tail.strip()) >= 8 and tail.endswith(_SENTENCE_ENDS) \
            and text_content(doc.nodes[i]).rstrip().endswith(tail):
        return _MARK_LINKED
    return 0


def _is_dateline(text: str) -> bool:
    """A short piece that is only a date/time (with "Updated", "Posted"...) or a byline."""
    source = _ZH_SOURCE.search(text) if "源" in text or "出" in text else None
    if _BYLINE.match(text) or (source and not _ASCII_LETTER.search(text, 0, source.start())
                               and not _DATE_WORDS.sub("", text[:source.start()]).split()):
        return len(text.split()) <= 8 and not text.rstrip().endswith((".", "?", "!", "。", "！", "？"))
    if _DIGIT.search(text) is None or not _DATE_HINT.search(text):  # (every date hint holds a digit)
        return False
    return len(_DATE_WORDS.sub("", text).split()) == 0


def _title_key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _is_title(key: str, title_key: str) -> bool:
    """Whether a heading (its :func:`_title_key`) reads as the page's title:
    the same, or a part of it of more than 10 letters (the site's name cut off)."""
    return bool(key) and (key == title_key or (len(key) > 10 and key in title_key))


#: An author's box's label, a block's whole text: what follows it in its wrapper is the box.
_BOX_LABEL = re.compile(r"^\W*(?:" + "|".join(_AUTHOR_LABELS) + r")\W*$", re.IGNORECASE)
_BOX_LABEL_CHARS = (10, 40)  # (characters other than white space)
#: The most text a box holds after its label (a biography, not the rest of a page).
_BOX_TEXT = 1000


def _inline(doc: Document, i: int) -> bool:
    """Whether element ``i`` sits inside a line of text: words follow it, or its parent's own words come first."""
    tail, before = doc.tails[i], doc.texts[doc.parent[i]] if doc.parent[i] >= 0 else None
    return bool(tail and not tail.isspace()) or bool(before and not before.isspace())


def _box_end(doc: Document, text_len: list[int], i: int) -> int:
    """Where the author's box that block ``i`` labels ends, or -1: the label and the rest of its
    wrapper when it opens it, else the label and the next block."""
    if not _BOX_LABEL_CHARS[0] <= text_len[i] <= _BOX_LABEL_CHARS[1] or _inline(doc, i) \
            or not _BOX_LABEL.match(subtree_text(doc, i)):
        return -1
    end, parent = doc.end, doc.parent[i]
    j = parent + 1
    while j < i and not text_len[j]:  # only empty siblings before it: the label opens its wrapper
        j = end[j]
    stop = end[parent] if j == i or end[i] == end[parent] else end[end[i]]
    after, j = 0, end[i]
    while j < stop and after <= _BOX_TEXT:
        after, j = after + text_len[j], end[j]
    return stop if after <= _BOX_TEXT else -1
