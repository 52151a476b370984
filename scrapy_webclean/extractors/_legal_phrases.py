"""The legal phrases of ``auto``'s boilerplate marks (see :mod:`._auto_phrases`): copyright notices,
cookie and browser notices, privacy and terms links, in English and the languages listed, and when a
block that names cookies, privacy or terms is prose."""

from __future__ import annotations

import re

from .._scripts import HAN
from ._literals import by_first_letter

#: Words before a name that "copyright" opens in a sentence ("the Copyright Office", "under Copyright Act
#: rules"): a notice has none ("Copyright 2024 Town News", "Image copyright Reuters").
_ARTICLES_PREPOSITIONS = ("the", "a", "an", "of", "to", "under", "for", "in", "with", "from")
#: "copyright" as a notice: not a sentence's word, before a lower-case word or a comma ("copyright laws",
#: "infringing copyright, as"), nor a name it opens after one of those words. (The look-ahead first: the
#: look-behinds are tried only where the word starts.)
_COPYRIGHT_NOTICE = (r"(?=copyright)(?:" + "".join(rf"(?<!\b{w} )" for w in _ARTICLES_PREPOSITIONS)
                     + r"|(?!copyright +(?-i:[A-Z])))copyright(?![a-z])(?!\s*[,;?\-]|\s+(?-i:[a-z]))")
#: What follows a Chinese notice's label or statement: not a Han character that goes on with a sentence's
#: words ("免责声明：本网站 ..." is a notice, "市政府在免责声明中强调" a story's words; "版权所有人" is an owner).
ENDS_LABEL = f"(?![{HAN}])"
#: Boilerplate statements (seed 003's stop phrases): what makes a block legal text whatever its length
#: (a "©" glued to the word before it is a name's, as "™" is: "SPECweb©2005", "Directory©"),
#: then (_BOILERPLATE_RE) with what prose talks about too (cookies, privacy, terms): see :func:`_piece_mark`.
_HARD_LEGAL = re.compile(by_first_letter(
    r"(?<![\w^])©|(?<![\w^])&copy;|\(c\)\s*\d{4}|" + _COPYRIGHT_NOTICE + r"|all rights reserved|"
    r"without (?:any )?warrant(?:y|ies)|"
    rf"版权所有(?![人者])|著作权|免责声明{ENDS_LABEL}|版权声明{ENDS_LABEL}|"
    r"不得转载|未经授权[，,、]?\s?(?:不得|禁止|严禁|请勿|任何)|"
    r"alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati|"
    r"todos os direitos reservados|alle rechten voorbehouden"), re.IGNORECASE)
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
#: A notice about the reader's browser: upgrade it, enable JavaScript or style sheets.
_BROWSER_NOTICE = (
    r"(?:upgrade|update) (?:to )?(?:your|a (?:newer|modern|supported|current)) (?:web )?browser|"
    r"(?:outdated|out-of-date|unsupported|older version of (?:your|a)) (?:web )?browser|"
    r"browser (?:is (?:out of date|outdated|not supported)|does not support|doesn't support|is too old)|"
    r"best viewed (?:in|with|using)|(?:enable|turn on|activate) (?:javascript|stylesheets|style sheets)|"
    r"enable js\b|turn on js\b|activate js\b|"
    r"javascript (?:is )?(?:disabled|turned off|required|must be enabled|needs to be enabled)|"
    r"requires? javascript|style sheets \(css\)|"
    r"javascript (?:aktivieren|einschalten)|(?:aktivieren|aktiviere) (?:sie )?javascript|browser (?:ist )?veraltet|"
    r"activ(?:ez|er) (?:le )?javascript|navigateur (?:est )?obsolète|activa(?:r)? javascript|"
    r"navegador (?:está )?desactualizado|attiva(?:re)? javascript|abilita(?:re)? (?:il )?javascript|"
    r"ativ(?:e|ar) o javascript|habilit(?:e|ar) o javascript|schakel javascript in|javascript (?:in)?schakelen")
_BOILERPLATE_RE = re.compile(by_first_letter(
    _HARD_LEGAL.pattern + r"|terms of (?:use|service)|privacy policy|" + _COOKIE_NOTICE + "|" + _BROWSER_NOTICE + "|"
    r"datenschutzerklärung|nutzungsbedingungen|mentions légales|politique de confidentialité|"
    r"conditions d'utilisation|política de privacidad|aviso legal|términos y condiciones|informativa sulla privacy|"
    r"termini e condizioni|política de privacidade|termos de uso|privacybeleid|algemene voorwaarden|"
    r"términos de (?:uso|servicio)|condiciones de uso|termini (?:di|d'|del) (?:utilizzo|uso|servizio)|"
    r"condizioni d'uso|termos de serviço|gebruiksvoorwaarden"), re.IGNORECASE)
#: From this many characters a block naming cookies, privacy or terms without a link is prose, not a notice.
_SOFT_LEGAL_PROSE = 150
#: ... and so is a shorter one that does not speak to the reader as a site does ("you", "our", "this
#: site"; 你, 您, 我们, 本站 "this site", 本文 "this article"): "Meta updated its privacy policy on Tuesday." is
#: news, "By using it you agree to our terms" a notice.
_ADDRESSES_READER = re.compile(
    r"\b(?:you|your|we|our|(?-i:us)|me|my|this (?:site|website|page)|(?-i:Sie|Ihre?|Ihnen)|wir|unsere?|vous|votre|vos|"
    r"nous|notre|nos|usted|nosotros|nuestr[ao]s?|voi|noi|nostr[aoie]|uw|wij|ons|onze)\b|你|您|我们|本站|本网|本文",
    re.IGNORECASE)
#: ... unless they open it: start within its first words ("TERMS OF USE: ...", "This website uses cookies"),
#: not further into a sentence ("Under the draft, a privacy policy must ..."). A phrase is shorter than the
#: second figure.
_SOFT_LEGAL_LABEL = (16, 160)


#: Another party's possessive right before a legal phrase: "Facebook's privacy policy", "its terms of service".
_THEIRS = re.compile(r"(?:['’]s|s['’]|\b(?:its|their|his|her))\s+(?:(?:new|updated|own|current|revised)\s+)?$",
                     re.IGNORECASE)
#: ... or a definite article before it and the party after it: "The privacy policy of the company", "Die
#: Datenschutzerklärung des Konzerns", "La política de privacidad de la empresa"; not the site's own ("of
#: the site", "du site", "des Portals", "del servicio").
_THE = re.compile(r"\W*(?:the|die|der|das|le|la|les|l['’]|el|los|las|il|lo|gli|de|het|o|a|os|as)\s*$", re.IGNORECASE)
_OF_ANOTHER = re.compile(
    r"\s+(?:of|des|der|du|de|del|della|dello|dei|di|van|do|da|dos|das)\s+(?!(?:\w+['’\s]+)?(?:web\s?)?(?:site|sites|"
    r"sitio|sito|website|webseite|page|pages|página|pagina|seite|portal|portals|service|services|servicio|servizio|"
    r"serviço|dienst|app)\b)\w", re.IGNORECASE)


def opens_legal(text: str) -> bool:
    """Whether a legal phrase opens ``text`` (see :data:`_SOFT_LEGAL_LABEL`): not another party's,
    "Facebook's privacy policy changed on Monday.", "In its privacy policy, the company says ...", "The
    privacy policy of the company was found to break the law."."""
    first, span = _SOFT_LEGAL_LABEL
    found = _BOILERPLATE_RE.search(text[:span])
    if found is None or found.start() >= first:
        return False
    before = text[:found.start()]
    return not _THEIRS.search(before) and not (_THE.match(before) and _OF_ANOTHER.match(text, found.end()))
