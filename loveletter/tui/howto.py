"""How a game of a ruleset goes: a turn, a round, the game, in our own words, said from the ruleset's data (which
card the Countess must be played beside, how a deck-out tie is broken, whether players who reach the goal together
share the win or play a tie-break round...). ``loveletter rules`` prints it under the cards, and ``?`` during a game
shows it after them.

>>> from rich.console import Console
>>> from loveletter.engine import load_ruleset
>>> from loveletter.i18n import set_language
>>> set_language("en")
>>> text = " ".join(t.plain for _, part in sections(load_ruleset("original2012")) for t in part)
>>> "higher total of card values in their discard pile" in text
True
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from loveletter.engine import Mode, Ruleset
from loveletter.i18n import card_name, t


def _or(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return t("howto.or", first=", ".join(words[:-1]), last=words[-1])


def _card_that(ruleset: Ruleset, trait: str) -> str | None:
    """The first card of ``ruleset`` with the boolean ``trait`` (see :mod:`loveletter.engine.traits`)."""
    return next((c.id for c in ruleset.cards.values() if getattr(c.traits, trait)), None)


def _range(mode: Mode) -> str:
    lo, hi = mode.players
    return str(lo) if lo == hi else f"{lo}–{hi}"


def _game_tie(ruleset: Ruleset, mode: Mode) -> str:
    if mode.game_tie == "shared":
        return t("howto.game_shared")
    return t("howto.game_tiebreak_most" if ruleset.flags.game_tie_most_tokens_wins else "howto.game_tiebreak")


def sections(ruleset: Ruleset) -> list[tuple[str, list[Text]]]:
    """The explanation as (heading, paragraphs) for a turn, a round and the game."""
    flags = ruleset.flags
    turn = [t("howto.turn_play")]
    countess = _card_that(ruleset, "forced")
    forcing = [card_name(c) for c in ruleset.cards if c in ruleset.countess_forced_by]
    if countess is not None and forcing:
        turn.append(t("howto.turn_countess", countess=card_name(countess), cards=_or(forcing)))
    handmaid = _card_that(ruleset, "protects")
    if handmaid is not None:
        turn.append(t("howto.turn_targets", handmaid=card_name(handmaid)))
    turn.append(t("howto.turn_out"))

    shown = flags.reveal_set_aside_at_round_end
    round_ = [t("howto.round_setup_shown" if shown else "howto.round_setup")]
    two = max((m.face_up_set_aside for m in ruleset.modes if m.players[0] <= 2), default=0)
    if two:
        round_.append(t("howto.round_two", count=two))
    round_.append(t(f"howto.round_first_{flags.first_player_mode}"))
    round_.append(t("howto.round_end"))
    residual = "all" if flags.residual_tie == "all_win" else "none"
    broken = "discards" if "discard_sum" in ruleset.tie_breaks else "ties"
    round_.append(t(f"howto.round_{broken}_{residual}"))
    round_.append(t("howto.round_tokens"))

    game = [t("howto.game_goal")]
    ties = {_game_tie(ruleset, m) for m in ruleset.modes}
    if len(ties) == 1:
        game.extend(ties)
    else:
        game.extend(t("howto.game_mode", players=_range(m), rule=_game_tie(ruleset, m)) for m in ruleset.modes)
    return [
        (t("howto.turn"), [Text(p) for p in turn]),
        (t("howto.round"), [Text(p) for p in round_]),
        (t("howto.game"), [Text(p) for p in game]),
    ]


def blocks(ruleset: Ruleset) -> list[RenderableType]:
    """The explanation as blocks that are never split across pages: a heading with its paragraphs."""
    out: list[RenderableType] = []
    for heading, paragraphs in sections(ruleset):
        body = Group(*(Padding(p, (0, 0, 0, 2)) for p in paragraphs))
        out.append(Group(Text(heading, style="bold"), body))
    return out


def howto(ruleset: Ruleset) -> Group:
    """The whole explanation under its title: what ``loveletter rules`` prints after the cards."""
    return Group(Text(t("howto.title"), style="bold underline"), *blocks(ruleset))


def howto_lines(ruleset: Ruleset) -> list[str]:
    """The whole explanation as lines (screen-reader mode): its title, then each heading and each paragraph whole."""
    lines = [t("howto.title")]
    for heading, paragraphs in sections(ruleset):
        lines += [heading, *(p.plain for p in paragraphs)]
    return lines


def howto_pages(console: Console, ruleset: Ruleset, height: int) -> list[Group]:
    """The explanation packed into pages of at most ``height`` lines (a block taller than a page gets one alone)."""
    options = console.options.update(height=None)
    title = Text(t("howto.title"), style="bold underline")
    pages: list[list[RenderableType]] = [[title]]
    used = 1
    for block in blocks(ruleset):
        size = len(console.render_lines(block, options, pad=False))
        if len(pages[-1]) > 1 and used + size > height:
            pages.append([title])
            used = 1
        pages[-1].append(block)
        used += size
    return [Group(*page) for page in pages]
