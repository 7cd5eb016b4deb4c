"""The nine games as data.

Every rule the engine applies is read from a :class:`Variant`; the rules code has no
per-game branches. A new game of the family (PySolFC's Lucas, say) is a new ``Variant``
value, not new code::

    >>> from dataclasses import replace
    >>> pysol_lucas = replace(VARIANTS["lucas"], id="pysol_lucas", name="Lucas (PySolFC)",
    ...                       cards_per_column=4, aces_start=False, sequences=True)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from .i18n import N_, gettext, ngettext, pgettext
from .limits import check_count, shown
from .moves import MAX_COLUMNS
from .rules import Build, get_build

#: A stock turns at most this many cards at a time: no stock holds more (two decks).
MAX_STOCK_DEAL = 104
#: The compiled solver core keeps the redeals left in one byte (``_core.c``); no game of the
#: family has more than a few, so a variant has at most this many.
MAX_REDEALS = 255
#: Lengths of a variant's id and name, and its aliases: they appear in menus and messages (and
#: a record, which anyone may hand over, carries a custom variant's).
MAX_ID, MAX_NAME, MAX_ALIASES = 40, 120, 8


def _unseen(text: str) -> str | None:
    """The first character of ``text`` a reader can't see or that rearranges what they see, as
    ``U+202E (RIGHT-TO-LEFT OVERRIDE)``, or ``None``: control characters (Cc), format
    characters (Cf: zero-width spaces and joiners, bidirectional controls, the byte-order mark),
    surrogates, private-use and unassigned code points, and line or paragraph separators. A name
    holding one shows the same as another name, or reorders the text around it in a menu or a
    message."""
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "C" or category in ("Zl", "Zp"):
            name = unicodedata.name(ch, "")
            return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")
    return None


@dataclass(frozen=True)
class Variant:
    """The rule parameters of one game of the Forty Thieves family.

    The parameters are checked when a variant is made: ``ValueError`` says which one is wrong.
    ``build`` may be given as a :class:`~ft_widget.rules.Build` or its id (``"same_suit"``).
    """

    id: str
    name: str
    columns: int
    cards_per_column: int
    face_down: int  # per column, the bottom cards dealt face down (one number; a game in play has
    # a count per column: Game.face_down_counts)
    build: Build
    sequences: bool  # may runs move as a unit (in part or whole)?
    stock_deal: int = 1  # cards turned onto the waste per deal
    redeals: int = 0  # times the waste may be turned back into the stock
    aces_start: bool = False  # the eight Aces start on the foundations
    aliases: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "build", get_build(self.build))
        # ASCII only: isidentifier() alone takes any script's letters, so a Cyrillic "а" made an
        # id that looks like "maria" and is not
        if not isinstance(self.id, str) or not (self.id.isascii() and self.id.isidentifier()) \
                or len(self.id) > MAX_ID:
            raise ValueError(f"a variant's id is a name like 'forty_thieves' (at most {MAX_ID} "
                             f"characters) in ASCII letters, digits and _, not {shown(self.id)}")
        where = f"variant {self.id!r}"
        aliases = self.aliases
        if isinstance(aliases, str) or not isinstance(aliases, list | tuple) or len(aliases) > MAX_ALIASES:
            raise ValueError(f"{where}: aliases must be a list of at most {MAX_ALIASES} names, "
                             f"not {shown(aliases)}")
        object.__setattr__(self, "aliases", tuple(aliases))
        for key, text in [("name", self.name), *(("aliases", alias) for alias in self.aliases)]:
            if not isinstance(text, str) or not text.strip() or len(text) > MAX_NAME:
                raise ValueError(f"{where}: {key} must be non-empty text of at most {MAX_NAME} "
                                 f"characters, not {shown(text)}")
            unseen = _unseen(text)
            if unseen is not None:
                raise ValueError(f"{where}: {key} {shown(text)} holds {unseen}, a control or invisible "
                                 "character: names are text a player can read")
        for flag in ("sequences", "aces_start"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"{where}: {flag} must be True or False, not {shown(getattr(self, flag))}")

        def whole(name: str, low: int, high: int) -> None:
            object.__setattr__(self, name, check_count(where, name, getattr(self, name), low, high))

        whole("columns", 1, MAX_COLUMNS)
        aces = 8 if self.aces_start else 0
        whole("cards_per_column", 1, (104 - aces) // self.columns)
        whole("face_down", 0, self.cards_per_column - 1)
        whole("stock_deal", 1, MAX_STOCK_DEAL)
        whole("redeals", 0, MAX_REDEALS)

    @property
    def tableau_cards(self) -> int:
        return self.columns * self.cards_per_column

    @property
    def stock_cards(self) -> int:
        return 104 - self.tableau_cards - (8 if self.aces_start else 0)

    @property
    def moves_text(self) -> str:
        """How cards move between columns, in the current language ("one card")."""
        return gettext("sequences, in part or whole") if self.sequences else gettext("one card")

    @property
    def stock_text(self) -> str:
        """How the stock is dealt, in the current language ("3 at a time, 3 redeals")."""
        text = ngettext("{n} at a time", "{n} at a time", self.stock_deal).format(n=self.stock_deal)
        if self.redeals:
            text = ngettext("{dealt}, {n} redeal", "{dealt}, {n} redeals", self.redeals).format(
                dealt=text, n=self.redeals)
        else:
            text = gettext("{dealt}, no redeal").format(dealt=text)
        if self.aces_start:
            text = gettext("{dealt}; Aces start on the foundations").format(dealt=text)
        return text

    @property
    def display_name(self) -> str:
        """The game's name as a player reads it, in the current language: "Quarante Voleurs" for
        Forty Thieves in French (docs/glossary.md). :attr:`name` stays the English name the code,
        records and reprs use; a variant made outside the nine keeps its own name."""
        return gettext(self.name) if _SHIPPED_NAMES.get(self.id) == self.name else self.name

    def rules_row(self) -> dict[str, object]:
        """One row of the rules table, as the README and the notebooks show it, in the current
        language (its column names too: it is for reading; the README's is English)."""
        return {
            pgettext("rules table", "id"): self.id,
            pgettext("rules table", "name"): self.display_name,
            pgettext("rules table", "columns × cards"): f"{self.columns} × {self.cards_per_column}",
            pgettext("rules table", "face down per column"): self.face_down,
            pgettext("rules table", "build down by"): gettext(str(self.build)),
            pgettext("rules table", "moves"): self.moves_text,
            pgettext("rules table", "stock"): self.stock_text,
            pgettext("rules table", "stock size"): self.stock_cards,
        }

    def __str__(self) -> str:
        return self.name


_ALL = (
    Variant("forty_thieves", N_("Forty Thieves"), 10, 4, 0, Build.SAME_SUIT, False,
            aliases=("Big Forty", "Le Cadran", "Napoleon at St Helena", "Roosevelt at San Juan")),
    Variant("indian", N_("Indian"), 10, 3, 1, Build.OTHER_SUIT, False),
    Variant("limited", N_("Limited"), 12, 3, 0, Build.SAME_SUIT, False),
    Variant("little_forty", N_("Little Forty"), 10, 4, 0, Build.OTHER_SUIT, True, stock_deal=3, redeals=3),
    Variant("lucas", N_("Lucas"), 13, 3, 0, Build.SAME_SUIT, False, aces_start=True),
    Variant("maria", N_("Maria"), 9, 4, 0, Build.ALTERNATE_COLOUR, False),
    Variant("number_ten", N_("Number Ten"), 10, 4, 2, Build.ALTERNATE_COLOUR, True),
    Variant("rank_and_file", N_("Rank and File"), 10, 4, 3, Build.ALTERNATE_COLOUR, True),
    Variant("streets", N_("Streets"), 10, 4, 0, Build.ALTERNATE_COLOUR, False),
)

#: The nine games, keyed by id, in docs/rules.md order.
VARIANTS: dict[str, Variant] = {v.id: v for v in _ALL}
#: Their English names (translated in the catalogues: N_ above), by id.
_SHIPPED_NAMES = {v.id: v.name for v in _ALL}


def get_variant(variant: str | Variant) -> Variant:
    """A ``Variant`` from itself or its id; ``ValueError`` naming the known ids otherwise."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str) and variant in VARIANTS:
        return VARIANTS[variant]
    raise ValueError(f"unknown variant {shown(variant, 40)}: choose one of {', '.join(VARIANTS)}")


_FIELDS = ("id", "name", "columns", "cards_per_column", "face_down", "build", "sequences",
           "stock_deal", "redeals", "aces_start", "aliases")


def variant_to_json(variant: Variant) -> str | dict:
    """A variant as JSON: one of :data:`VARIANTS` by its id, a custom one by its parameters."""
    if VARIANTS.get(variant.id) == variant:
        return variant.id
    data = {name: getattr(variant, name) for name in _FIELDS}
    data["build"] = variant.build.id
    data["aliases"] = list(variant.aliases)
    return data


def variant_from_json(data: object) -> Variant:
    """The inverse of :func:`variant_to_json`; ``ValueError`` naming what is wrong."""
    if isinstance(data, str):
        return get_variant(data)
    if not isinstance(data, dict):
        raise ValueError(f"a variant is an id or an object of its parameters, not {type(data).__name__}")
    unknown = next((k for k in data if k not in _FIELDS), None)
    if unknown is not None:
        raise ValueError(f"a variant has no parameter {shown(unknown, 30)}")
    missing = [k for k in _FIELDS[:7] if k not in data]
    if missing:
        raise ValueError(f"the variant is missing {', '.join(repr(k) for k in missing)}")
    return Variant(**data)  # it checks every parameter, the aliases too


def rules_table_markdown() -> str:
    """The nine games' rules as a Markdown table (the README's table is checked against it)."""
    rows = [v.rules_row() for v in VARIANTS.values()]
    head = list(rows[0])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        cells = [f"`{row['id']}`"] + [str(row[k]) for k in head[1:]]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
