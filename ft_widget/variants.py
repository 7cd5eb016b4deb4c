"""The nine games as data.

Every rule the engine applies is read from a :class:`Variant`; the rules code has no
per-game branches. A new game of the family (PySolFC's Lucas, say) is a new ``Variant``
value, not new code::

    >>> from dataclasses import replace
    >>> pysol_lucas = replace(VARIANTS["lucas"], id="pysol_lucas", name="Lucas (PySolFC)",
    ...                       cards_per_column=4, aces_start=False, sequences=True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .moves import MAX_COLUMNS
from .rules import Build, get_build


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
    face_down: int  # per column, the bottom cards dealt face down
    build: Build
    sequences: bool  # may runs move as a unit (in part or whole)?
    stock_deal: int = 1  # cards turned onto the waste per deal
    redeals: int = 0  # times the waste may be turned back into the stock
    aces_start: bool = False  # the eight Aces start on the foundations
    aliases: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "build", get_build(self.build))
        object.__setattr__(self, "aliases", tuple(self.aliases))

        def whole(name: str, low: int, high: int | None = None) -> int:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < low or (
                    high is not None and value > high):
                span = f"from {low} to {high}" if high is not None else f"at least {low}"
                raise ValueError(f"variant {self.id!r}: {name} must be a whole number {span}, not {value!r}")
            return value

        if not isinstance(self.id, str) or not self.id.isidentifier():
            raise ValueError(f"a variant's id is a name like 'forty_thieves', not {self.id!r}")
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"variant {self.id!r}: name must be non-empty text")
        for flag in ("sequences", "aces_start"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"variant {self.id!r}: {flag} must be True or False")
        whole("columns", 1, MAX_COLUMNS)
        aces = 8 if self.aces_start else 0
        whole("cards_per_column", 1, (104 - aces) // self.columns)
        whole("face_down", 0, self.cards_per_column - 1)
        whole("stock_deal", 1)
        whole("redeals", 0)

    @property
    def tableau_cards(self) -> int:
        return self.columns * self.cards_per_column

    @property
    def stock_cards(self) -> int:
        return 104 - self.tableau_cards - (8 if self.aces_start else 0)

    @property
    def moves_text(self) -> str:
        return "sequences, in part or whole" if self.sequences else "one card"

    @property
    def stock_text(self) -> str:
        text = f"{self.stock_deal} at a time"
        if self.redeals:
            text += f", {self.redeals} redeal{'s' if self.redeals != 1 else ''}"
        else:
            text += ", no redeal"
        if self.aces_start:
            text += "; Aces start on the foundations"
        return text

    def rules_row(self) -> dict[str, object]:
        """One row of the rules table, as the README and the notebooks show it."""
        return {
            "id": self.id,
            "name": self.name,
            "columns × cards": f"{self.columns} × {self.cards_per_column}",
            "face down per column": self.face_down,
            "build down by": str(self.build),
            "moves": self.moves_text,
            "stock": self.stock_text,
            "stock size": self.stock_cards,
        }

    def __str__(self) -> str:
        return self.name


_ALL = (
    Variant("forty_thieves", "Forty Thieves", 10, 4, 0, Build.SAME_SUIT, False,
            aliases=("Big Forty", "Le Cadran", "Napoleon at St Helena", "Roosevelt at San Juan")),
    Variant("indian", "Indian", 10, 3, 1, Build.OTHER_SUIT, False),
    Variant("limited", "Limited", 12, 3, 0, Build.SAME_SUIT, False),
    Variant("little_forty", "Little Forty", 10, 4, 0, Build.OTHER_SUIT, True, stock_deal=3, redeals=3),
    Variant("lucas", "Lucas", 13, 3, 0, Build.SAME_SUIT, False, aces_start=True),
    Variant("maria", "Maria", 9, 4, 0, Build.ALTERNATE_COLOUR, False),
    Variant("number_ten", "Number Ten", 10, 4, 2, Build.ALTERNATE_COLOUR, True),
    Variant("rank_and_file", "Rank and File", 10, 4, 3, Build.ALTERNATE_COLOUR, True),
    Variant("streets", "Streets", 10, 4, 0, Build.ALTERNATE_COLOUR, False),
)

#: The nine games, keyed by id, in docs/rules.md order.
VARIANTS: dict[str, Variant] = {v.id: v for v in _ALL}


def get_variant(variant: str | Variant) -> Variant:
    """A ``Variant`` from itself or its id; ``ValueError`` naming the known ids otherwise."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str) and variant in VARIANTS:
        return VARIANTS[variant]
    raise ValueError(f"unknown variant {str(variant)[:40]!r}: choose one of {', '.join(VARIANTS)}")


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
    unknown = sorted(str(k)[:30] for k in data if k not in _FIELDS)
    if unknown:
        raise ValueError(f"a variant has no parameter {unknown[0]!r}")
    missing = [k for k in _FIELDS[:7] if k not in data]
    if missing:
        raise ValueError(f"the variant is missing {', '.join(repr(k) for k in missing)}")
    fields = dict(data)
    aliases = fields.get("aliases", ())
    if not isinstance(aliases, list | tuple) or not all(isinstance(a, str) for a in aliases):
        raise ValueError("a variant's aliases are a list of names")
    fields["aliases"] = tuple(aliases)
    return Variant(**fields)


def rules_table_markdown() -> str:
    """The nine games' rules as a Markdown table (the README's table is checked against it)."""
    rows = [v.rules_row() for v in VARIANTS.values()]
    head = list(rows[0])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        cells = [f"`{row['id']}`"] + [str(row[k]) for k in head[1:]]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
