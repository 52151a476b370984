"""The phrases that mark a block of ``auto``'s block pick as boilerplate
(copyright and legal notices, cookie notices: :mod:`._legal_phrases`; credits, promotion and box
labels, datelines and bylines, in English and the languages listed), and
the mark each text piece gives its block (:func:`_piece_mark`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from .._cache import BoundedCache
from .._document import Document, text_content
from .._classify import CJK_WEIGHT
from .._parse import OTHER_SENTENCE_ENDS
from .._scripts import HAN
from .._regex import atomic, compile_atomic
from ._legal_phrases import ENDS_LABEL, _ADDRESSES_READER, _BOILERPLATE_RE, _HARD_LEGAL, _SOFT_LEGAL_PROSE, opens_legal
from ._literals import PhraseIndex, by_first_letter, literal_union

# (The phrase sets searched whole, only to know whether one matches, are compiled with their phrases
# grouped by first letter: see ``by_first_letter``.)
#: An author's box's labels (promotion labels too): a block whose whole text is one heads a biography.
_AUTHOR_LABELS = ("about the author", "über den autor", "über die autorin", "à propos de l'auteur",
                  "à propos de l'autrice", "sobre el autor", "sobre la autora", "sull'autore", "sull'autrice",
                  "sobre o autor", "sobre a autora", "over de auteur", "over de schrijver")
#: ... as a promotion phrase only where it reads as a label: it opens the block or follows a sentence's end
#: or a separator ("Posted in Books | About the author"), and no lower-case word runs on from it. In running
#: prose ("a short note about the author of this book") it is a sentence's words.
_AUTHOR_LABEL_RE = (r"(?:^|[.!?:;|•·»–—…\])›\n]|\s-\s)\W*(?:" + "|".join(_AUTHOR_LABELS)
                    + r")(?!\w*[\s,'’]+(?-i:[a-zß-öø-ÿ]))")
#: A line with a link that ends in one points to the box ("See his archive for more information about the author.").
_AUTHOR_POINTER = re.compile(r"(?:" + "|".join(_AUTHOR_LABELS) + r")\W*$", re.IGNORECASE)
#: Related-content labels, a promotion wherever they read and a box's label as a block's whole text.
_RELATED_PHRASES = ("you (?:may|might) also like", "most read", "recommended for you",
                    "相关阅读", "相关新闻", "推荐阅读", "関連記事",
                    # The same in other languages (German, French, Spanish, Italian, Portuguese, Dutch).
                    "ähnliche (?:beiträge|artikel)", "mehr zum thema", "lesen sie auch", "articles similaires",
                    "à lire aussi", "sur le même sujet", "vous aimerez aussi", "artículos relacionados",
                    "te puede interesar", "lee también", "articoli correlati", "leggi anche", "potrebbe interessarti",
                    "artigos relacionados", "leia também", "gerelateerde artikelen", "lees ook",
                    "verwandte artikel", "articles liés", "(?:você )?também pode gostar", "misschien ook leuk",
                    # "Most read" in those languages.
                    "meistgelesen", "les plus lus", "lo más leído", "i più letti", "mais lidas", "meest gelezen")
#: A related-content box's labels (a block whose whole text is one heads a list of links).
_RELATED_LABELS = (r"related(?: (?:tags|topics|articles|stories|posts|content))?", r"more from\b.*", "read more",
                   "don'?t miss", "(?:das )?könnte (?:dich|sie) auch interessieren", "相关文章", "相关链接", "延伸阅读",
                   *_RELATED_PHRASES)
#: "Share this article" in German, French, Spanish, Italian, Portuguese and Dutch (a label, as "share this").
_SHARE_THIS = ("teilen sie (?:diesen|den) (?:artikel|beitrag)|(?:diesen )?(?:artikel|beitrag) teilen|"
               "partagez? (?:cet|l')article|compart(?:e|a|ir) (?:este|esta|el|la) (?:artículo|nota|noticia)|"
               "condividi (?:questo|l')\\s?articolo|compartilhe (?:este|esta) (?:artigo|matéria|notícia)|"
               "deel (?:dit|het) artikel")
#: Promotion and box labels: "Sign up for our newsletter", "You may also like"; "read more", "share this",
#: "don't miss" and "more from" where they read as a label (they open the block or follow a sentence's end
#: or a separator; "to read more"), not in a sentence ("You can read more about the plan in the report.",
#: "She raised more from friends").
_PROMO_RE = re.compile(by_first_letter(
    r"sign up (?:for|to)|subscribe (?:to|now|today|for)|to your inbox|newsletter|follow us on|"
    r"sharing is caring|affiliate[- ]?links?|amazon associate|" + "|".join(_RELATED_PHRASES) + "|"
    r"(?:^|[.!?:;|•·»–—…\])›\n]|\s-\s)\W*(?:read more|share this|don'?t miss|more from|become an? (?:author|"
    r"contributor)|write for us|" + _SHARE_THIS + ")|"
    r"\bto read more(?:\W*$|\s*[:»›…])|"
    r"(?<![\w-])related (?:tags|topics|articles|stories|posts|content)|"
    r"(?:print|pin|rate|save|jump to) (?:this )?recipe|responses to this entry|"
    r"(?:story|article) continues below|scroll to continue|"
    r"(?:logged|log|sign) in to (?:post a )?comment|"
    # A paywall's or a membership box's lines: the story is locked, a call to pay or log in to read on.
    r"this (?:post|article|story|content) is locked|"
    r"this (?:post|article|story|content) is (?:for (?:paid )?(?:subscribers|members)|(?:only )?"
    r"(?:available|reserved) (?:to|for) (?:paid )?(?:subscribers|members))|become a paid (?:subscriber|member)|"
    r"already a (?:paid )?(?:subscriber|member)\?|unlock (?:this|the full) (?:post|article|story)|"
    r"(?:sign|log) in to (?:read|continue reading|keep reading)|(?:continue|keep) reading with (?:a |an |your )?"
    r"(?:subscription|(?:\d+[- ]day )?free trial|membership|account)|"
    r"réservée? aux abonnés|nur für abonnenten|exclusiv[oa] para suscriptores|exclusiv[oa] para assinantes|"
    r"riservat[oa] agli abbonati|alleen voor abonnees|"
    r"this entry was posted (?:on|in)|trackback url|listed below are links to (?:weblogs|blogs|sites)|"
    # The same blog software's entry footer in German, French, Spanish, Italian, Portuguese and Dutch
    # ("Dieser Beitrag wurde unter Politik veröffentlicht. Setze ein Lesezeichen auf den Permalink.").
    r"dieser (?:beitrag|eintrag) wurde (?:am .{1,40}? )?(?:unter|veröffentlicht in)\b|"
    r"cette entrée a été publiée (?:dans|le|en)\b|esta entrada (?:fue|foi) publicada (?:en|em)\b|"
    r"questa (?:voce|entrata) è stata pubblicata (?:in|il)\b|dit bericht (?:is|werd) geplaatst (?:in|op)\b|"
    r"(?:bookmar(?:k|quez)|lesezeichen (?:auf|für)|marque-pages?|favoris|segnalibri|favoritos|guarda) "
    r"(?:the |den |de |le |ce |il |o |el )?(?:permalink|permalien|link permanente|enlace permanente)|"
    rf"关注我们|扫一扫|责任编辑{ENDS_LABEL}|分享到|(?:关注|添加|搜索)\S{{0,8}}公众号|"
    r"(?:阅读|查看|展开)全文|开通会员|付费阅读|"  # a call to read the rest: a paywall's, a collapsed story's button
    # Other box labels in German, French, Spanish, Italian, Portuguese and Dutch.
    r"rezept drucken|könnte (?:dich|sie) auch interessieren|"
    r"um zu kommentieren|pour commenter|para comentar|per commentare|om te reageren|"
    r"(?:angemeldet|eingeloggt) sein, um (?:\w+ ){0,2}kommentar|"
    r"connectée? pour (?:publier|poster|laisser|écrire) un commentaire|"
    r"iniciar sesión para (?:publicar|dejar|escribir) (?:un )?comentarios?|"
    r"(?:connesso|registrato|loggato) per (?:inviare|pubblicare|lasciare|scrivere) (?:un )?commento|"
    r"(?:fazer login|estar logado|entrar) para (?:publicar|deixar|escrever) (?:um )?comentário|"
    r"ingelogd zijn om (?:een reactie|te reageren)|"
    r"nieuwsbrief|suscr[ií]b(?:ete|ase|irse)\b|inscreva-se|abonnez-vous|(?:jetzt )?abonnieren\b|abonneer (?:je|u|nu)\b|"
    r"folg(?:en sie|e) uns (?:auf|bei)|suivez-nous sur|s[ií]guenos en|seguici su|siga-nos n[oa]|volg ons op|"
    # Affiliate disclosures in those languages.
    r"liens? (?:d'affiliation|affiliés?)|enlaces? (?:de )?afiliad[oa]s?|link (?:di )?affilia(?:ti|zione)|"
    r"links? (?:de )?afiliad[oa]s?|amazon[- ](?:partner|associate|associado|afiliado|affiliato)|"  # (Amazon's wording)
    r"(?:partenaire|afiliado|affiliato|associado) (?:de |da |d')?amazon|enthält (?:unbezahlte |bezahlte )?werbung|"
    + _AUTHOR_LABEL_RE), re.IGNORECASE)
#: Photo credits and caption furniture: "Photo: X, AP", "Image source: X", "(Image: GETTY)", "Image 1 of 5".
_CREDIT_RE = re.compile(
    r"^\s*\(?(?:photo|image|picture|illustration|video|foto|bild|imagen|immagine|beeld)s?"
    r"(?: credit| source|quelle)?\s*:|"
    r"\((?:image|photo|picture|foto|bild)s?(?: credit)?\s*:|^\s*\(?crédits? photos?\s*:|"
    r"^\s*(?:image|photo|slide) \d+ of \d+\s*$|^\s*caption\s*$|getty images|\bAP photo\b|"
    r"(?:^|(?<=[\s(（\[【|｜，。：:]))(?:图片来源|图/)", re.IGNORECASE)
#: Which mark a text piece gives its block (0: none), and under how many
#: characters a marked block is boilerplate rather than prose that mentions it.
#: (_MARK_LINKED is not boilerplate: a sentence whose links outweigh its own words.)
_MARK_LEGAL, _MARK_DATELINE, _MARK_PROMO, _MARK_CREDIT, _MARK_LINKED = 1, 2, 3, 4, 5
_MARK_LIMIT = (0, 1000, 80, 300, 300, 0)
#: Literal fragments (lower case), one of which every match of each phrase set contains.
_LEGAL_KEYWORDS = ("©", "&copy", "(c)", "copyright", "rights reserved", "版权", "著作权", "免责", "转载", "授权",
                   "terms of", "privacy", "cookie", "rechte vorbehalten", "droits réservés", "derechos reservados",
                   "diritti riservati", "direitos reservados", "rechten voorbehouden", "datenschutz", "nutzungsbed",
                   "mentions légales", "confidentialité", "conditions d'util", "privacidad", "aviso legal",
                   "términos y", "termini e", "termos de", "algemene voorwaarden", "browser", "javascript",
                   "términos de", "condiciones de uso", "termini d", "condizioni d'uso", "gebruiksvoorwaarden",
                   "best viewed", "style sheet", "stylesheet", "navigateur", "navegador", "enable js", "turn on js",
                   "activate js", "warrant")
_CREDIT_KEYWORDS = ("photo", "image", "picture", "illustration", "video", "slide", "caption",
                    "foto", "bild", "imagen", "immagine", "beeld",
                    "图片来源", "图/")
_PROMO_KEYWORDS = ("sign up", "subscribe", "inbox", "newsletter", "follow us", "share this", "sharing is", "affili",
                   "also like", "most read", "miss", "related", "more from", "recommended", "read more",
                   "recipe", "to this entry", "continues below", "scroll to continue", "in to comment",
                   "in to post a comment", "is locked", "subscriber", "member", "become a", "unlock",
                   "in to read", "in to continue", "in to keep", "reading with",
                   "write for us", "aux abonnés", "für abonnenten", "para suscriptores", "para assinantes",
                   "agli abbonati", "voor abonnees",
                   "zu kommentieren", "pour commenter", "para comentar", "per commentare", "om te reageren",
                   "kommentar", " commentaire", "comentario", " commento", "comentário", "ingelogd zijn",
                   "nieuwsbrief", "suscr", "inscreva-se", "abonnez-vous", "abonnieren", "abonneer",
                   "entry was posted", "trackback url", "listed below are links",
                   "beitrag wurde", "eintrag wurde", "entrée a été publiée", "entrada fue publicada",
                   "entrada foi publicada", "è stata pubblicata", "geplaatst in", "geplaatst op", "permalink",
                   "permalien", "link permanente", "enlace permanente",
                   "关注我们", "扫一扫", "责任编辑", "相关阅读", "相关新闻", "推荐阅读", "分享到", "関連記事", "公众号",
                   "阅读全文", "查看全文", "展开全文", "开通会员", "付费阅读",
                   "ähnliche", "rezept drucken", "auch interessieren", "mehr zum thema",
                   "lesen sie auch", "similaires", "lire aussi", "même sujet", "aimerez aussi",
                   "relacionados", "puede interesar", "lee también", "correlati", "leggi anche",
                   "potrebbe interessarti", "leia também", "gerelateerde", "lees ook",
                   "verwandte artikel", "articles liés", "também pode gostar", "misschien ook leuk",
                   "meistgelesen", "plus lus", "más leído", "più letti", "mais lidas", "meest gelezen",
                   "afiliad", "amazon", "werbung", "teilen", "partage", "compart", "condividi", "deel ",
                   " uns auf", " uns bei", "suivez-nous", "guenos", "seguici", "siga-nos", "volg ons",
                   *_AUTHOR_LABELS)
_LEGAL_KEYWORD = literal_union(_LEGAL_KEYWORDS)
#: The three phrase sets, searched where their keywords occur (the legal one alone: a long block's; see
#: ``PhraseIndex``), and the mark each gives.
_PHRASES = PhraseIndex((_BOILERPLATE_RE, _LEGAL_KEYWORDS), (_CREDIT_RE, _CREDIT_KEYWORDS), (_PROMO_RE, _PROMO_KEYWORDS))
_LEGAL_PHRASES = PhraseIndex((_BOILERPLATE_RE, _LEGAL_KEYWORDS))
_SET_MARKS = (_MARK_LEGAL, _MARK_CREDIT, _MARK_PROMO)
#: How far a legal phrase may start before its keyword, and end after it and the white space after it
#: ("we and our partners use cookies", "copyright 2024 ...").
_LEGAL_SPAN = (120, 60)
_NON_SPACE = re.compile(r"\S")
#: Month names and dateline words of German, French, Spanish, Italian, Portuguese and Dutch
#: ("Veröffentlicht am 3. März 2024", "Publié le 3 mars 2024", "Publicado el 3 de marzo de 2024").
_MONTHS = ("januar|januari|janvier|enero|gennaio|janeiro|februar|februari|février|febrero|febbraio|fevereiro|"
           "märz|maart|mars|marzo|março|avril|abril|aprile|mai|mei|mayo|maggio|maio|juni|juin|junio|giugno|"
           "junho|juli|juillet|julio|luglio|julho|augustus|août|agosto|oktober|octobre|octubre|ottobre|"
           "outubro|dezember|décembre|diciembre|dicembre|dezembro|septembre|septiembre|settembre|setembro")
_DATED = ("veröffentlicht|aktualisiert|zuletzt|am|um|uhr|publié|publiée|mis à jour|dernière mise à jour|le|à|"
          "publicado|publicada|actualizado|última actualización|el|de|a las|pubblicato|aggiornato|"
          "ultimo aggiornamento|il|alle|atualizado|última atualização|em|às|gepubliceerd|bijgewerkt|laatst|op|om")
#: "3 hours ago" in German, French, Spanish, Italian, Portuguese and Dutch ("vor 3 Stunden", "il y a
#: 3 heures", "hace 3 horas", "3 ore fa", "há 3 horas", "3 uur geleden"), and "as of" ("Stand:").
_RELATIVE = ("vor|il y a|hace|há|fa|geleden|stand|sekunden|minuten|stunden|tagen|wochen|monaten|jahren|secondes|"
             "heures|jours|semaines|mois|ans|segundos|minutos|horas|días|dias|semanas|meses|años|anos|secondi|"
             "minuti|ore|giorni|settimane|mesi|anni|seconden|uur|dagen|weken|maanden|jaar")
#: A reading time's words ("Lesedauer: 4 Minuten", "4 Min. Lesezeit").
_READING = ("lesedauer|lesezeit|reading time|temps de lecture|tiempo de lectura|tempo di lettura|tempo de leitura|"
            "leestijd")
#: A reading time after its figure ("5 min read", "5 Min. Lesezeit", "8 min de lecture").
_MIN_READ = r"min(?:ute)?s?\.? (?:read|lesezeit|leestijd|de lecture|de lectura|di lettura|de leitura)"
#: A dateline or byline piece: dates, times, "Updated"/"Posted", "By Name".
_DATE_WORDS = re.compile(
    rf"\b{_MIN_READ}\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|"
    r"\b(?:first|updated|posted|published|last|modified|edited|on|at|am|pm|a\.m\.|p\.m\.|[a-z]?[ecmp][sd]t|gmt|utc|bst|ist|"
    r"ago|hours?|minutes?|mins?|days?|weeks?|months?|years?)\b|\d+(?:st|nd|rd|th)\b|\b\d{1,2}h\d{2}\b|"
    r"[\d:/.,;|\-–—：·•]+|年|月|日期|日|时间|时|分|发布|发表于|发表|更新|星期[一二三四五六日天]|上午|下午|来源|"
    rf"\b(?:{_READING}|{_RELATIVE}|{_MONTHS}|{_DATED})\b", re.IGNORECASE)
_DATE_HINT = re.compile(
    r"\d{1,4}\s*[/.\-年月]\s*\d{1,2}|\d{1,2}[:h]\d{2}|\d\s*(?:hours?|minutes?|days?|weeks?|months?|years?) ago|"
    rf"\d\s*{_MIN_READ}|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\d\s+(?:jan|feb|mar|apr|may|jun|"
    rf"jul|aug|sep|sept|oct|nov|dec)|\b(?:{_MONTHS})\s+\d|\d\.?\s+(?:de\s+)?(?:{_MONTHS})\b|"
    rf"\b(?:vor|il y a|hace|há)\s+\d+\s+\w|\d\s+\w+\s+(?:fa|geleden)\b|(?:{_READING})\W+\d|"
    r"\d\s*min(?:uten)?\.?\s+(?:lesedauer|lesezeit)", re.IGNORECASE)
#: A text of dateline pieces alone: nothing but white space is left when they are taken out. (Each
#: piece atomic, as a removal takes it; the search stops at the first word that is none.)
_DATELINE_ONLY = compile_atomic(rf"(?:{atomic(_DATE_WORDS.pattern)}|\s)*", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_ASCII_LETTER = re.compile("[A-Za-z]")
#: A poster's statistics beside a forum post ("Posts: 13", "Joined: Wed Feb 04, 2015 6:38 pm", "Reaction score 1,204").
_STAT_LINE = re.compile(
    r"^\s*(?:joined|posts|messages|threads|reputation|reaction score|points|karma|likes(?: received)?|solutions|"
    r"member since|registered|trophies)\s*:?\s*(?:[\d.,]+\s*[km]?|.{0,40}\d{4}.{0,12})\s*$", re.IGNORECASE)
_BYLINE = re.compile(r"^\s*(?:by|written by|posted by|edited by|words by|von|par|por|di|door|作者|文)[\s:：]+\S",
                     re.IGNORECASE)
#: A Chinese news page's attribution line: "来源：新华网", "本文来源：X 作者：Y", after nothing but a date
#: ("发布时间：2024-01-05 10:30 来源：新华网"; see :func:`_is_dateline`).
_ZH_SOURCE = re.compile(r"(?:本文|信息|新闻|文章)?(?:来源|來源|出处|出處)\s*[:：]\s*\S")
#: The marks that end a sentence, Latin, CJK and other scripts'; how a sentence ends (a closing quote may
#: follow the mark).
_SENTENCE_MARKS = (".", "!", "?", "。", "！", "？", *OTHER_SENTENCE_ENDS)
_SENTENCE_ENDS = (*_SENTENCE_MARKS, '."', ".”")
#: How long a box's label is (an author's, a related-content box's), in characters other than white space.
_BOX_LABEL_CHARS = (4, 40)


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
    if mark and not linked and _quotes_only(text.strip()):
        return 0  # a sentence quoting boilerplate reports it
    if mark == _MARK_LEGAL and not linked:
        stripped = text.strip()
        if (len(stripped) >= _SOFT_LEGAL_PROSE or not _ADDRESSES_READER.search(stripped)) \
                and not _legal_in(partial(_searches, _HARD_LEGAL, text), text, text.lower()) \
                and not opens_legal(stripped):
            return 0
    if mark == _MARK_PROMO and not linked and _reports_promotion(text.strip()):
        return 0
    return mark


#: A quotation in double quotation marks (straight, curly, low-high, guillemets or corner brackets), on one line.
_QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|「[^」\n]*」')
#: The words a sentence holds around a quotation, at least: more than a label's ("Say \"no\"").
_REPORTING_WORDS = 4


def _quotes_only(text: str) -> bool:
    """Whether ``text`` holds its boilerplate phrases only in quotations, in a sentence that does not
    speak to the reader: it reports a notice, a call or a credit ("“We use cookies to improve your
    experience,” the banner reads, ..."), it is not one ("By clicking “Accept all cookies”, you agree
    to ...")."""
    rest = _QUOTED.sub(" ", text)
    # (Chinese writes no spaces: two of its characters count as a word.)
    words = len(rest.split()) + len(_HAN.findall(rest)) // 2
    return rest != text and words >= _REPORTING_WORDS and not _ADDRESSES_READER.search(rest) and not _mark(rest)


#: A label of one to three words and a colon opening a block: "Disclaimer:", "TERMS OF USE:".
_LABEL_OPENS = re.compile(r"\W*[^\W\d_]+(?:[ -][^\W\d_]+){0,2}:\s")
#: Where a long block's text parts into sentences (or paragraphs parted by a blank line); a Chinese
#: sentence mark ends one with no space after it (not before a closing quotation mark or bracket: the
#: sentence runs on to the words after that, "。”他说。").
_SENTENCE_BREAK = re.compile(r"(?<=[.!?\u3002\uff01\uff1f])\s+|(?<=[\u3002\uff01\uff1f])(?=[^\s”」』）)])|\n\s*\n")


def mostly_marked(text: str, linked: bool, mark: int) -> int:
    """``mark``, the mark of a long block's whole ``text``, when it opens with a label or a sentence
    that carries a mark of its own (a notice: "Disclaimer: ...", "Copyright 2006 ...") or such
    sentences hold half its characters or more; else 0: a story's paragraphs ending in the wire's
    copyright line are the story, not the line."""
    parts = [p for p in _SENTENCE_BREAK.split(text) if p and not p.isspace()]
    if len(parts) < 2 or _piece_mark(parts[0], linked) or _LABEL_OPENS.match(parts[0]):
        return mark
    sizes = [len("".join(p.split())) for p in parts]
    held = sum(size for p, size in zip(parts[1:], sizes[1:]) if _piece_mark(p, linked))  # (the first has none)
    return mark if 2 * held >= sum(sizes) else 0


def _reports_promotion(text: str) -> bool:
    """Whether a promotion phrase reads as a sentence's words, not a call: ``text`` is a sentence of
    :data:`_PROMO_SENTENCE` characters or more, the phrase neither opens it nor a clause in it (after
    ",", ":", a dash...), and it does not speak to the reader ("you", "our"...): "The paper's
    newsletter now has two million subscribers.", "Readers can subscribe for ten euros a month.", not
    "Sign up for our newsletter", "Newsletter", nor "For more stories like this, subscribe to it."""
    if not text.endswith(_SENTENCE_ENDS) or len(text) + (CJK_WEIGHT - 1) * len(_HAN.findall(text)) < _PROMO_SENTENCE:
        return False  # (a Chinese character counts as much as three Latin ones, as in a page's prose)
    found = _PROMO_RE.search(text)
    if found is None or any(k in found.group().lower() for k in _DISCLOSURES):
        return False  # (an affiliate disclosure is one in any grammar; in prose it runs past 300 characters)
    before = text[:found.start()].rstrip()
    if not before.strip("\"'“‘([•*-– 「【（") or before.endswith(_CLAUSE_BREAKS):
        return False
    return _ADDRESSES_READER.search(text) is None


#: A promotion is a label or a short call; a sentence this long that only names one reports it.
_PROMO_SENTENCE = 60
#: What opens a clause: a promotion phrase after one is a call ("For more, subscribe to it.", "扫一扫，关注公众号").
_CLAUSE_BREAKS = (",", ":", ";", "–", "—", "-", "|", "»", "›", "，", "：", "；", "、", "｜", *_SENTENCE_MARKS)
#: A Chinese character (counted by :func:`_reports_promotion`).
_HAN = re.compile(f"[{HAN}]")
#: Affiliate and advertising disclosures' words (English, German, Romance languages): a disclosure whatever
#: its grammar.
_DISCLOSURES = ("affil", "afili", "amazon", "werbung")


def _searches(pattern: re.Pattern[str], text: str, start: int, stop: int) -> bool:
    return pattern.search(text, start, stop) is not None


def _legal_in(within: Callable[[int, int], bool], text: str, low: str) -> bool:
    """Whether a legal phrase set matches ``text`` (``low``: its lower case), ``within(start, stop)``
    telling whether it matches from ``start`` to ``stop``: searched around each legal keyword only, a
    long block is not scanned whole with every phrase."""
    if len(low) != len(text):  # (lower case changed the offsets)
        return within(0, len(text))
    back, ahead = _LEGAL_SPAN
    for k in _LEGAL_KEYWORD.finditer(low):
        word = _NON_SPACE.search(text, k.end())  # the white space after the keyword is skipped
        if within(max(0, k.start() - back), (word.start() if word else len(text)) + ahead):
            return True
    return False


def _mark(text: str) -> int:
    text = text.strip()
    if len(text) < 2:
        return 0
    low = text.lower()
    # One search for the keywords' anchors rules out almost every block; in the
    # rest, only the phrases whose keywords occur are searched (see PhraseIndex).
    if len(text) >= 300:
        found = _LEGAL_PHRASES.candidates(low)
        return _MARK_LEGAL if found and _legal_in(partial(_LEGAL_PHRASES.within, text, found), text, low) else 0
    # (Most short blocks hold no keyword at all: one search over all of them says so.)
    found = _PHRASES.candidates(low)
    if found:
        first = _PHRASES.leftmost(text, found)  # the leftmost phrase of any set decides
        if first >= 0:
            return _SET_MARKS[first]
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


def _names_someone(words: str) -> bool:
    """Whether the words after a byline's "By" may hold a name: not all of them open with a lower-case
    letter ("By the numbers", "By design", "Par ailleurs" are a sentence's words; "By the Associated
    Press", 作者 张三 and a template's empty "Posted by: |" are bylines); nor when "the" and a
    lower-case word open them ("By the time Buckley learned ...", "By the end of May ...")."""
    split = words.split()
    if len(split) > 1 and split[0].lower() == "the" and split[1][:1].islower():
        return False
    return not all(w[:1].islower() for w in split)


def _is_dateline(text: str) -> bool:
    """A short piece that is only a date/time (with "Updated", "Posted"...) or a byline."""
    source = _ZH_SOURCE.search(text) if "源" in text or "出" in text else None
    byline = _BYLINE.match(text)
    if (byline and _names_someone(text[byline.end() - 1:])) or (
            source and not _ASCII_LETTER.search(text, 0, source.start())
            and _DATELINE_ONLY.fullmatch(text[:source.start()]) is not None):
        return len(text.split()) <= 8 and not text.rstrip().endswith(_SENTENCE_MARKS)
    if _DIGIT.search(text) is None or _DATELINE_ONLY.fullmatch(text) is None:  # (every date hint holds a digit)
        return False
    return _DATE_HINT.search(text) is not None
