"""The coach's hint in the solitaire (``h``), drawn, and its words: the model is
:func:`loveletter.coach.solitaire.hint_for` (the review after the game asks the same judge, so the two agree).

:class:`SolitaireHintView` draws the moves in place of the board, best first, a move and its reason on two lines,
moves about equal to the best marked ``≈``; it keeps to the height it is given (the moves that do not fit are
counted on one last line), so it fits 80x24 above the question. :func:`hint_lines` says the same rows as lines
(screen-reader mode). :func:`move_text` and :func:`reason_text` word a move and a reason; the review uses them too.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.text import Text

from loveletter.coach.reasons import Card
from loveletter.coach.solitaire import ESTIMATE_ERROR, Mine, Move, Reason, SolitaireHint
from loveletter.i18n import card_name, t
from loveletter.solitaire.actions import Action, Choose, Draw, Play, PlayAgent
from loveletter.solitaire.view import SolitaireView
from loveletter.tui.coach import HINT_KEY, hint_keys, percent
from loveletter.tui.style import DIM, HEADER, wrap_words

__all__ = ["HINT_KEY", "SolitaireHintView", "hint_keys", "hint_lines", "move_text", "reason_text"]


# ---------------------------------------------------------------------------------------------- words


def place_text(target: int | str, view: SolitaireView) -> str:
    """A queue place or one of the player's own cards, as the questions name them."""
    if isinstance(target, int):
        place = view.slot(target)
        if place is None or place.card is None:
            return t("solitaire.choice.slot_down", slot=f"Q{target}")
        return t("solitaire.choice.slot_up", slot=f"Q{target}", card=card_name(place.card))
    if target == "hand":
        return t("solitaire.choice.hand", card=", ".join(card_name(c) for c in view.hand))
    if view.agent is not None:
        return t("solitaire.choice.agent_own_up", card=card_name(view.agent))
    return t("solitaire.choice.agent_own_down")


def move_text(action: Action, view: SolitaireView, slots: str | None = None) -> str:
    """A move in words: ``draw``, ``Guard on Q3 face down, naming Prince``, ``Baron on Q2 King with your agent``;
    ``slots`` names several face-down places at once (``Q2/Q3``) for moves the hint lists together."""
    if isinstance(action, Draw):
        return t("solcoach.move.draw")
    if isinstance(action, PlayAgent):
        if view.agent is not None:
            return t("solcoach.move.agent_up", card=card_name(view.agent))
        return t("solcoach.move.agent_down")
    if isinstance(action, Choose):
        own = view.hand[0] if action.own == "hand" and view.hand else None
        if own is not None:
            return t("solcoach.move.choose", own=t("solitaire.choice.hand", card=card_name(own)))
        return t("solcoach.move.choose", own=place_text("agent", view))
    assert isinstance(action, Play)
    card = card_name(action.card)
    if action.target is None:
        return t("solcoach.move.play", card=card)
    if action.target == "hand":
        target = t("solitaire.choice.hand", card=", ".join(card_name(c) for c in view.kept(action.card)))
    elif slots is not None:
        target = t("solitaire.choice.slot_down", slot=slots)
    else:
        target = place_text(action.target, view)
    if action.named is not None:
        return t("solcoach.move.naming", card=card, target=target, named=card_name(action.named))
    if action.own is not None:
        if action.own == "hand":
            kept = view.kept(action.card) if view.playing is None else view.hand
            own = t("solitaire.choice.hand", card=", ".join(card_name(c) for c in kept))
        else:
            own = place_text("agent", view)
        return t("solcoach.move.with", card=card, target=target, own=own)
    return t("solcoach.move.on", card=card, target=target)


def reason_text(why: Reason, slots: str | None = None) -> str:
    """A reason in the player's language (``slots``: in place of its queue place, for moves listed together)."""
    values: dict[str, object] = {} if slots is None else {"slot": slots}
    for name, value in why.values:
        if isinstance(value, Card):
            values[name] = card_name(value.id)
        elif isinstance(value, Mine):
            values[name] = card_name(value.card) if value.card is not None else t("solcoach.mine.agent_down")
        elif name not in values:
            values[name] = value
    return t(f"solcoach.reason.{why.key}", **values)


def error_points() -> str:
    return str(round(ESTIMATE_ERROR * 100))


# ---------------------------------------------------------------------------------------------- drawing


class SolitaireHintView:
    """The hint drawn in at most ``height`` lines: a title, whether the values are exact, then the moves (only
    ``candidates`` when given: those left by the answers so far), each on two lines while they fit."""

    def __init__(
        self,
        view: SolitaireView,
        hint: SolitaireHint,
        *,
        candidates: Collection[Action] | None = None,
        height: int | None = None,
    ) -> None:
        self.view = view
        self.hint = hint
        self.candidates = candidates
        self.height = height

    def moves(self) -> list[Move]:
        moves = list(self.hint.judgement.moves)
        if self.candidates:
            moves = [m for m in moves if m.action in self.candidates] or moves
        return moves

    def rows(self) -> list[tuple[Move, str | None]]:
        """The moves as listed: moves that differ only in which face-down place they choose, with the same
        value (as shown), tier and reason, are one row naming every place (``Q2/Q3/Q5``)."""
        rows: list[tuple[Move, list[int]]] = []
        keys: dict[tuple[object, ...], int] = {}
        for move in self.moves():
            key = self._group(move)
            action = move.action
            slot = action.target if key is not None and isinstance(action, Play) else None
            if key is not None and key in keys and isinstance(slot, int):
                rows[keys[key]][1].append(slot)
                continue
            if key is not None:
                keys[key] = len(rows)
            rows.append((move, [slot] if isinstance(slot, int) else []))
        return [(m, "/".join(f"Q{s}" for s in sorted(slots)) if len(slots) > 1 else None) for m, slots in rows]

    def _group(self, move: Move) -> tuple[object, ...] | None:
        action = move.action
        if not isinstance(action, Play) or not isinstance(action.target, int):
            return None
        place = self.view.slot(action.target)
        if place is None or place.card is not None:
            return None
        why = self.hint.reasons.get(action)
        values = () if why is None else tuple(v for v in why.values if v[0] != "slot")
        return (move.tier, percent(move.chance), action.card, action.own, action.named, why and why.key, values)

    def lines(self, width: int, height: int) -> list[Text]:
        """At most ``height`` lines of at most ``width`` cells: as many moves as fit on two lines each (a line
        counts the rest), then, in the lines left over, the best moves and their reasons whole, wrapped."""
        out = [_clip(Text(t("solcoach.hint.title"), style=HEADER), width)]
        out += wrap_words(Text(_values_note(self.hint), style=DIM), width)
        rows = self.rows()
        room = max(height - len(out), 2)
        blocks: list[tuple[list[Text], list[Text]]] = []  # each move shown: cut to a line each, and whole
        more: list[Text] = []
        for index, (move, slots) in enumerate(rows):
            left = len(rows) - index
            # Two lines a move while the rest fit, or while one line is kept for counting the rest.
            if sum(len(cut) for cut, _ in blocks) + 2 > room - (1 if left > 1 else 0):
                rest = rows[index:]
                top = max(m.chance for m, _ in rest)
                more = [_clip(Text(t("solcoach.hint.more", count=len(rest), chance=percent(top)), style=DIM), width)]
                break
            style = "bold" if move.tier == 0 else ""
            words = move_text(move.action, self.view, slots)
            chance, text = Text(_chance(move, index) + " ", style=style), Text(words, style=style)
            cut, whole = [_clip(Text.assemble(chance, text), width)], after(chance, text, width)
            why = self.hint.reasons.get(move.action)
            if why is not None:
                reason = Text(reason_text(why, slots), style=DIM)
                cut.append(_clip(Text.assemble(REASON_INDENT, reason), width))
                whole += after(Text(REASON_INDENT), reason, width)
            blocks.append((cut, whole))
        ends: list[tuple[list[Text], list[Text]]] = [(more, more)]
        if any(m.tier == 0 for m, _ in rows[1:]) and len(out) + sum(len(c) for c, _ in blocks) + len(more) < height:
            equal = Text(t("solcoach.hint.equal"), style=DIM)
            ends.append(([_clip(equal.copy(), width)], wrap_words(equal, width)))
        # The lines left over show the best moves whole, then what ≈ means ("14 unseen car…" with empty lines
        # below, issue 48).
        spare = height - len(out) - sum(len(cut) for cut, _ in blocks + ends)
        shown = list(out)
        for cut, whole in blocks + ends:
            grows = len(whole) - len(cut)  # 0: it was whole already
            if grows <= spare:
                spare -= grows
                shown += whole
            else:
                shown += cut
        return shown[:height]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        height = self.height if self.height is not None else options.height or console.size.height
        for line in self.lines(width, height):
            yield from line.render(console)
            yield Segment.line()


def hint_lines(view: SolitaireView, hint: SolitaireHint, candidates: Collection[Action] | None = None) -> list[str]:
    """The hint said as lines (screen-reader mode), each whole: the title, whether the values are exact, then
    each row of :class:`SolitaireHintView` (its move, then its reason), and what ``≈`` means."""
    rows = SolitaireHintView(view, hint, candidates=candidates).rows()
    lines = [t("solcoach.hint.title"), _values_note(hint)]
    for index, (move, slots) in enumerate(rows):
        lines.append(f"{_chance(move, index)} {move_text(move.action, view, slots)}")
        why = hint.reasons.get(move.action)
        if why is not None:
            lines.append(reason_text(why, slots))
    if any(m.tier == 0 for m, _ in rows[1:]):
        lines.append(t("solcoach.hint.equal"))
    return [line.strip() for line in lines]


def _values_note(hint: SolitaireHint) -> str:
    """Whether the hint's values are exact, or how far the estimate may be off."""
    return t("solcoach.hint.exact") if hint.judgement.exact else t("solcoach.hint.estimated", error=error_points())


def _chance(move: Move, index: int) -> str:
    """A row's chance, marked ``≈`` when it is about equal to the best (the row at ``index``)."""
    mark = "≈" if move.tier == 0 and index > 0 else " "
    return f"{mark} {percent(move.chance):>4}"


#: Where a move's reason begins, under its move.
REASON_INDENT = "     "


def after(prefix: Text, text: Text, width: int) -> list[Text]:
    """``prefix``, then ``text`` in lines of at most ``width`` cells broken between words, each line after the first
    under the first's words (a move's words beside its chance, a reason under its move)."""
    indent = cell_len(prefix.plain)
    lines = wrap_words(text, max(width - indent, 1))
    return [Text.assemble(prefix if i == 0 else " " * indent, line) for i, line in enumerate(lines)]


def _clip(text: Text, width: int) -> Text:
    if cell_len(text.plain) > width:
        text.truncate(width, overflow="ellipsis")
    return text
