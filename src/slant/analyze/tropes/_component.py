"""Hate tropes: passages that use hateful or conspiracy tropes against a group (``slant.tropes.v1``).

Rules, all sourced data in ``resources/tropes/catalogue.toml`` (IHRA working definition, the dogwhistle
glossary's term/group/type columns, general knowledge; every example invented):

* **cues**: each trope's patterns, compiled once to regexes (:mod:`._patterns`) and tried per sentence
  only when the sentence holds the words they need. A match is dropped when a negator lies in it or just
  before it ("not all Muslims are terrorists"), when one of the trope's counter-cues matches the sentence
  (biblical context for "the Israelites", "sharia councils" in a legal article), or when its group word
  names one person rather than the group ("a Jewish businessman").
* **collective acts** over the dependency parse (:mod:`._rules`): a whole group as the doer of a
  hostile act ("Jewish journalists have stalked him", "the Israelites have been after Ken").
* **explicit hate against any group**: generic tropes (``group = "*"``: hatred voiced, vile attributes,
  dehumanisation, threats, normative threats, exclusion) match the words of every group and credit the group
  whose word matched (:mod:`._refs`); a ``{them}`` pronoun counts when it refers back to a group named
  just before ("Immigrants? I hate them."). A generic match may not cross a comma or end inside a longer
  phrase ("the cancer patients"), and gives way to a group's own trope on the same passage.
* **spelling obfuscation** is undone before matching (:mod:`._normalise`: leetspeak, spaced-out letters,
  dropped spaces, a dropped or swapped letter); offsets are mapped back, so flags cover what was written, and
  sentences the parser split inside spaced-out letters are rejoined.
* **reclaimed slurs**: a slur right after words that make it the speaker's own ("my ...", "we are ... and
  proud", "I call myself ...", an admiring word such as "a boss ..."; ``lexicon.self_reference``) or followed by
  "like me" is not flagged.
* **contested claims**: political accusations against a person or party ("close links with Islamic
  extremism", "soft on extremism") become ``kind="contested"`` flags, never hate.

Each hate flag names the trope (``code``, ``label``), the targeted group and a plain explanation, and says
whose voice it is: ``quoted`` inside a quote of ``ctx.data["quotes"]`` (or a clause introduced by "the
leaflet claimed"), ``discussed`` when the sentence reports or criticises the trope ("the antisemitic smear
that ...", "she condemned claims that ...", "statements like ...") or when a quoted line stands next to a
sentence that rejects it, else ``author``. The component appends to ``flags``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from slant.analyze.base import Component, Context
from slant.analyze.tropes._flags import _act_flags, _cue_flags, _Quotes
from slant.analyze.tropes._patterns import Compiled, compiled
from slant.analyze.tropes._rules import collective_acts
from slant.models import Flag, Quote


def _specific_first(flags: list[Flag], comp: Compiled) -> list[Flag]:
    """Drop a generic flag ("HATE-*") where a group's own trope already flags the same group in that passage."""
    cat = comp.catalogue
    generic = {t.id for t in cat.tropes if t.generic}
    specific = [f for f in flags if f.kind == "hate" and f.code not in generic]
    return [
        f
        for f in flags
        if f.code not in generic
        or not any(s.target_group == f.target_group and s.start < f.end and f.start < s.end for s in specific)
    ]


def _dedupe(flags: Iterable[Flag]) -> tuple[Flag, ...]:
    """One flag per code and overlapping passage (the longest), in text order."""
    kept: list[Flag] = []
    for f in sorted(flags, key=lambda f: (f.code, f.start, -(f.end - f.start))):
        if f.end <= f.start:
            continue
        if kept and kept[-1].code == f.code and f.start < kept[-1].end:
            continue
        kept.append(f)
    return tuple(sorted(kept, key=lambda f: (f.start, f.end, f.code)))


def detect_tropes(doc: Any, quotes: Sequence[Quote] = ()) -> tuple[Flag, ...]:
    """The hate and contested-claim flags of one parsed article (offsets into ``doc_text(doc)``)."""
    if len(doc) == 0:
        return ()
    comp = compiled()
    index = _Quotes(quotes)
    flags = _cue_flags(doc, comp, index)
    flags.extend(_act_flags(doc, comp, index, collective_acts(doc)))
    return _dedupe(_specific_first(flags, comp))


class TropesComponent(Component):
    """Appends hate-trope and contested-claim flags to ``flags`` (see :func:`detect_tropes`)."""

    name: ClassVar[str] = "slant.tropes.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc", "actors", "quotes")
    provides: ClassVar[tuple[str, ...]] = ("flags",)

    def __init__(self) -> None:
        compiled()  # compile the catalogue when the pipeline is built, not on the first article

    def __call__(self, ctx: Context) -> None:
        mine = detect_tropes(ctx.doc, ctx.data.get("quotes", ()))
        ctx.data["flags"] = (*ctx.data.get("flags", ()), *mine)
