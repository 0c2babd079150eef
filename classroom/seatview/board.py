"""What a play page shows: a presentation of one seat's SeatView (or, for a teacher watching,
every card), the legal moves as controls, and the story. Templates receive this, never the
Game, so a card a seat may not see never reaches its page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from flask_babel import gettext, ngettext

from classroom.assignments import LEVEL_NAMES
from classroom.game import (
    Action,
    ActionKind,
    Card,
    LimitEnding,
    Options,
    Phase,
    Power,
    SeatView,
    Series,
    card_label,
    round_winners_of,
)
from classroom.models import TableSeat, TableStatus
from classroom.roster import names_together
from classroom.tables.faces import face_at, stand_in_names
from classroom.tables.story import StoryItem, StoryLine, face_up_for, tell, unspoiled


@dataclass(frozen=True)
class CardSlot:
    """One card of a line as this page may show it: `value` is None when face down."""

    position: int
    value: int | None
    may_look: bool = False  # a Peek level's "look" button for the seat's own card
    revealed: bool = False  # shown just now by a look or a PEEK, for a few seconds
    outside: bool = False  # Standard: an outside card shown at the start of the round (R3.3)

    @property
    def face_up(self) -> bool:
        return self.value is not None


@dataclass(frozen=True)
class SeatBoard:
    seat: int
    name: str
    picture: str
    colour: str
    kind: str  # "child", "computer" or "teacher"
    is_me: bool
    on_turn: bool
    cards: tuple[CardSlot, ...]
    in_play: bool = True
    score: int | None = None
    total: int = 0
    rounds: tuple[int, ...] = ()
    winner: bool = False
    # A child who left (or whom the teacher took out): the computer player playing for them.
    stand_in_name: str | None = None
    taken_out: bool = False
    opened: bool = True  # a child's seat: the child has opened the table's page

    @property
    def away(self) -> bool:
        """Is a computer player playing this child's seat now?"""
        return self.stand_in_name is not None


@dataclass(frozen=True)
class Controls:
    """The moves this seat may make now, from the engine's legal actions."""

    draw: bool = False
    take: bool = False
    replace: tuple[int, ...] = ()
    discard: bool = False
    peek: tuple[int, ...] = ()
    swap: tuple[tuple[int, int, int], ...] = ()  # (my position, other seat, their position)
    decline_swap: bool = False
    use_draw_2: bool = False  # DRAW with a DRAW 2 in hand
    draw_again: bool = False  # DRAW 2's next draw
    call: bool = False
    end_turn: bool = False

    @property
    def swap_from(self) -> tuple[int, ...]:
        return tuple(sorted({mine for mine, _, _ in self.swap}))

    def swap_targets(self, mine: int) -> set[tuple[int, int]]:
        return {(seat, pos) for m, seat, pos in self.swap if m == mine}

    @property
    def any(self) -> bool:
        return any(
            (self.draw, self.take, self.replace, self.discard, self.peek, self.swap,
             self.decline_swap, self.use_draw_2, self.draw_again, self.call, self.end_turn)
        )  # fmt: skip


@dataclass(frozen=True)
class RoundEnd:
    """How one finished round went for the child, as their results tell it (_celebrate.html)."""

    score: int
    won: bool  # the lowest score (R11), a tie too
    won_with: tuple[str, ...]  # the other seats that share the lowest score


@dataclass(frozen=True)
class Board:
    table_id: int
    version: int
    status: str
    level: str
    me: int | None  # the seat this page belongs to; None for a teacher watching
    seats: tuple[SeatBoard, ...]
    phase: str
    current: int | None
    draw_count: int
    discard_top: int | None
    hand: int | None  # the card in hand, if this page may see it
    someone_holding: bool
    hand_from_discard: bool
    caller: int | None
    final_turns_left: int
    draws_left: int
    controls: Controls
    # None: the page keeps its own story and adds the new lines (a live update, table.js).
    story: tuple[StoryLine, ...] | None
    round_number: int
    prompt: str
    watching: bool = False
    winners: tuple[int, ...] = ()
    chosen_swap: int | None = None  # SWAP: the own card tapped first
    revealed: dict[int, int] = field(default_factory=dict)
    # For the teacher watching: a sentence per seat whose child's assigned level differs.
    seat_notes: dict[int, str] = field(default_factory=dict)
    # Standard's look at the outside cards (R3.3): position -> card, and seconds still to go.
    outside_look: dict[int, int] = field(default_factory=dict)
    outside_seconds: int = 0
    # Each finished round's scores (None: a seat out of the series); empty while counting.
    score_history: tuple[tuple[int | None, ...], ...] = ()
    # The other seats whose child is still adding up this round: their score is not on this
    # page yet, nor who won it (a child beside them could read their answer off this screen).
    still_counting: tuple[int, ...] = ()
    # For the teacher watching a game of several rounds: where it stands ("Round 2 of 3").
    series: str = ""

    def round_end(self, round_number: int | None = None) -> RoundEnd | None:
        """How the child did in a finished round (by default the round the board shows, once
        it is over), with its winners as the engine judges them; None for a teacher watching,
        while counting, or for a round the child's seat sat out."""
        mine = self.my_seat
        if mine is None or not self.score_history:
            return None
        if round_number is None:
            if mine.score is None:  # this round is not over (or was stopped before its end)
                return None
            round_number = len(self.score_history)
        if not 1 <= round_number <= len(self.score_history) or self._unjudged(round_number):
            return None
        row = self.score_history[round_number - 1]
        score = row[mine.seat] if mine.seat < len(row) else None
        if score is None:
            return None
        winners = round_winners_of(row)
        others = tuple(self.seats[s].name for s in winners if s != mine.seat)
        return RoundEnd(score, mine.seat in winners, others)

    def round_winners(self, round_number: int) -> tuple[int, ...]:
        """The seats with a finished round's lowest score (R11), as the engine judges them."""
        if not 1 <= round_number <= len(self.score_history) or self._unjudged(round_number):
            return ()
        return tuple(round_winners_of(self.score_history[round_number - 1]))

    def total_after(self, seat: int, round_number: int) -> int | None:
        """A seat's total after a finished round of a series (R12), which a screen reader
        hears beside its bar; None after the first round (the bar is the total)."""
        if round_number < 2 or round_number > len(self.score_history):
            return None
        rounds = self.score_history[:round_number]
        return sum(row[seat] or 0 for row in rounds if seat < len(row))

    def _unjudged(self, round_number: int) -> bool:
        """Is another child still adding up this round? Then nobody has won it on this page."""
        return bool(self.still_counting) and round_number == len(self.score_history)

    def game_end(self) -> RoundEnd | None:
        """How the whole game went for the child once it is over: their total and whether it
        won (R12, the engine's winners), so the results judge what the stacked bars show;
        None for a teacher watching, a game not over, or one stopped before its end."""
        mine = self.my_seat
        if mine is None or not self.game_over or not self.winners:
            return None
        others = tuple(self.seats[s].name for s in self.winners if s != mine.seat)
        return RoundEnd(mine.total, mine.seat in self.winners, others)

    @property
    def rounds_over(self) -> int:
        """How many rounds of the game this page may show the scores of (none while the
        child counts)."""
        return len(self.score_history)

    @property
    def game_over(self) -> bool:
        """Is the game over (played to its end or stopped)? The results then speak of the
        game, not of a next round: in one round or several."""
        return self.status == TableStatus.FINISHED

    @property
    def series_over(self) -> bool:
        """Is a game of several rounds over (played to its end, not stopped)? Its results then
        show and judge the game's totals (the stacked bars), not the last round alone: for the
        child and for a teacher watching alike (a teacher's page once showed the last round's
        bars, starring its winners, under "Mia K. won." for the game)."""
        return self.rounds_over > 1 and self.game_over and bool(self.winners)

    def winners_words(self) -> str:
        """Who won the game, told to this page: "You" for the child's own seat ("You and Mia
        won."), names for the others and for a teacher watching."""
        names = [self.seats[s].name for s in self.winners if s != self.me]
        if self.me in self.winners:
            if not names:
                return gettext("You won.")
            return gettext("You and %(names)s won.", names=names_together(names, gettext("and")))
        # Several winners take the plural in some languages ("Ganaron Mia y Leo.").
        together = names_together(names, gettext("and"))
        return ngettext("%(names)s won.", "%(names)s won.", len(names), names=together)

    @property
    def cue(self) -> str:
        """What a power card in hand asks for, as a picture cue without words (play.css): the
        DRAW pile pulses ("draw2"), the child's own cards glow ("peek"), the others' ("swap")."""
        c = self.controls
        if c.use_draw_2 or c.draw_again:
            return "draw2"
        if c.peek:
            return "peek"
        if c.swap:
            return "swap"
        return ""

    @property
    def level_name(self) -> str:
        return LEVEL_NAMES[self.level]

    @property
    def stopped(self) -> bool:
        """Was the game ended before its end (a teacher's stop, or the child's new game)?"""
        return stopped_early(self.status, self.round_over)

    @property
    def my_turn(self) -> bool:
        """Is it this page's seat's turn, to play itself (not a computer standing in)?"""
        return self.me is not None and self.current == self.me and not self.seats[self.me].away

    @property
    def current_seat(self) -> SeatBoard | None:
        return None if self.current is None else self.seats[self.current]

    @property
    def my_seat(self) -> SeatBoard | None:
        return None if self.me is None else self.seats[self.me]

    @property
    def others(self) -> tuple[SeatBoard, ...]:
        return tuple(s for s in self.seats if not s.is_me)

    @property
    def away_seats(self) -> tuple[SeatBoard, ...]:
        """The other seats a computer player plays for an away child."""
        return tuple(s for s in self.seats if s.away and not s.is_me)

    @property
    def round_over(self) -> bool:
        return self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)

    @property
    def turn_text(self) -> str:
        """The turn banner's words: whose turn it is, or that the round is over."""
        cur = self.current_seat
        if self.round_over:
            # Once everyone has counted the last round, the game is what is over (the page's
            # results say so above the board); while they count, only the round is said to be.
            return gettext("The game is over!") if self.game_over else gettext("The round is over!")
        if self.stopped:
            return gettext("This game has stopped.")
        if cur is None:
            return ""
        if self.my_turn:
            return gettext("Your turn!")
        if cur.away:
            return gettext(
                "%(name)s's turn (%(computer)s plays)", name=cur.name, computer=cur.stand_in_name
            )
        return gettext("%(name)s's turn", name=cur.name)

    @property
    def spoken(self) -> str:
        """What the speaker button reads: whose turn it is, then what to do (the prompt)."""
        cur = self.current_seat
        if cur is not None and not self.round_over and not self.my_turn:
            # Another seat's turn is a sentence when said aloud; a stand-in is in the prompt.
            whose = gettext("It is %(name)s's turn.", name=cur.name)
        else:
            whose = self.turn_text
        prompt = "" if self.watching else self.prompt
        remember = gettext(REMEMBER) if self.outside_look else ""
        return " ".join(part for part in (remember, whose, prompt) if part) or gettext(
            "Watch the table."
        )


def stopped_early(status: str, round_over: bool) -> bool:
    """A finished table whose round was not over: a teacher's stop, or the child's new game.
    Then it is nobody's turn, whatever the engine's state was at that moment."""
    return status == TableStatus.FINISHED and not round_over


# Standard's look at the outside cards, on screen and spoken (in the catalog from _board.html).
REMEMBER = "Remember these!"


def seat_kind(row: TableSeat) -> str:
    """ "child", "computer" or "teacher": who sits in the seat."""
    if row.computer is not None:
        return "computer"
    return "teacher" if row.teacher_id is not None else "child"


def controls_for(legal: Sequence[Action], hand: Card | None, phase: Phase) -> Controls:
    """The controls for the engine's legal actions of this seat."""
    kinds = {a.kind for a in legal}
    holding_draw_2 = hand == Power.DRAW_2
    draw = ActionKind.DRAW in kinds
    return Controls(
        draw=draw and phase is Phase.CHOOSE,
        take=ActionKind.TAKE_DISCARD in kinds,
        replace=tuple(a.position for a in legal if a.kind is ActionKind.REPLACE and a.position),
        discard=ActionKind.DISCARD in kinds,
        peek=tuple(a.position for a in legal if a.kind is ActionKind.PEEK and a.position),
        swap=tuple(
            (a.position, a.other_seat, a.other_position)
            for a in legal
            if a.kind is ActionKind.SWAP
            and a.position is not None
            and a.other_seat is not None
            and a.other_position is not None
        ),
        decline_swap=ActionKind.DECLINE_SWAP in kinds,
        use_draw_2=draw and phase is Phase.HOLDING and holding_draw_2,
        draw_again=draw and phase is Phase.DRAW_AGAIN,
        call=ActionKind.CALL in kinds,
        end_turn=ActionKind.END_TURN in kinds,
    )


def prompt_for(controls: Controls, hand: Card | None, chosen_swap: int | None = None) -> str:
    """What to do next, in words the speaker reads aloud (`chosen_swap`: the own card already
    tapped for a SWAP)."""
    # "Your turn!" and whose turn it is are the banner's words (Board.turn_text), not the
    # prompt's: on screen they stand right above it; the speaker reads both (Board.spoken).
    if controls.draw:
        if controls.take:
            return gettext("Draw a card, or take the card on the DISCARD pile.")
        return gettext("Draw a card from the DRAW pile.")
    if controls.draw_again:
        return gettext("DRAW 2: draw another card.")
    if controls.use_draw_2:
        return gettext(
            "You have a DRAW 2. Use it to draw more cards, or put it on the DISCARD pile."
        )
    if controls.peek:
        return gettext("You have a PEEK. Tap one of your cards to look at it.")
    if controls.swap and chosen_swap is not None:
        return gettext("Now tap someone else's card to swap with yours. Or choose another card.")
    if controls.swap:
        return gettext(
            "You have a SWAP. Tap your card, then someone else's card. Or say no thanks."
        )
    if controls.replace:
        # A number card is said as it is (a voice in the page's language says the number).
        card = gettext(card_label(hand)) if hand is not None else gettext("the card")
        if controls.discard:
            return gettext(
                "You have %(card)s. Tap a card of your line to put it there, or discard it.",
                card=card,
            )
        return gettext("You have %(card)s. Tap a card of your line to put it there.", card=card)
    if controls.call or controls.end_turn:
        if controls.call:
            return gettext("Say Rat-a-Tat-Cat if you think your cards are low, or tap Done.")
        return gettext("Tap Done to end your turn.")
    return ""


def series_words(options: Options, round_number: int) -> str:
    """Where a game of several rounds stands, in the teacher's words (RULES.md R12): "Round 2
    of 3", "Round 2, to 100 points: ..."; "" for a game of one round. "Until the bell" is a
    game of rounds the teacher ends by hand (the tables page's "End this game")."""
    if options.series is Series.LIMIT:
        if options.limit_ending is LimitEnding.FIRST_TO_LIMIT:
            rule = f"the game ends when a player's total reaches {options.limit} points"
        else:
            rule = (
                f"a player whose total reaches {options.limit} points is out; "
                "the last one left wins"
            )
        return f"Round {round_number}, to {options.limit} points: {rule}."
    if options.rounds_to_play is not None:
        return f"Round {round_number} of {options.rounds_to_play}"
    return ""


def build_board(
    *,
    table_id: int,
    version: int,
    status: str,
    seat_rows: Sequence[TableSeat],
    view: SeatView,
    legal: Sequence[Action],
    events: Sequence[StoryItem] | None,
    score_history: Sequence[Sequence[int | None]],
    watch_lines: Sequence[Sequence[Card]] | None = None,
    watch_hand: Card | None = None,
    chosen_swap: int | None = None,
    revealed: dict[int, int] | None = None,
    seat_notes: dict[int, str] | None = None,
    outside: dict[int, int] | None = None,
    outside_seconds: int = 0,
    counting: bool = False,
    others_counting: frozenset[int] = frozenset(),
    options: Options | None = None,
) -> Board:
    """The board for `view.seat` (or, with `watch_lines`, for a teacher who sees every card:
    then `view` is any seat's view, used only for public facts, and `events` are public).
    `events` None: no story (a live update; the page keeps the story it has). `counting`: this
    seat's child is still adding up their line, so no score, total or winner is on the board
    (the counting lesson is not spoiled). `others_counting`: the other seats whose child is
    still adding up: their round's score, their total and the winners are not on the board
    either. `options`: the game's, for the teacher's words on where a series stands."""
    watching = watch_lines is not None
    me = None if watching else view.seat
    revealed = dict(revealed or {})
    outside = {} if watching else dict(outside or {})
    history = [list(r) for r in score_history]
    turn = None if stopped_early(status, view.round_over) else view.current_seat
    seats = []
    for row in seat_rows:
        s = row.seat
        in_play = bool(view.in_play[s]) if s < len(view.in_play) else False
        if watching:
            assert watch_lines is not None
            values: list[int | None] = [int(c) for c in watch_lines[s]]
        else:
            values = [None if c is None else int(c) for c in view.shown[s]] if view.shown[s] else []
        cards = []
        for i, value in enumerate(values):
            position = i + 1
            is_revealed = s == me and position in revealed and value is None
            if is_revealed:
                value = revealed[position]
            is_outside = s == me and position in outside and value is None
            if is_outside:
                value = outside[position]
            cards.append(
                CardSlot(
                    position,
                    value,
                    may_look=(s == me and position in view.may_look and not view.round_over),
                    revealed=is_revealed,
                    outside=is_outside,
                )
            )
        rounds = tuple(int(r[s]) for r in history if s < len(r) and r[s] is not None)
        hidden = counting or s in others_counting
        if counting:
            rounds = ()
        elif s in others_counting:
            # Their bar and total as they stood before this round, which they are counting.
            rounds = tuple(int(r[s]) for r in history[:-1] if s < len(r) and r[s] is not None)
        seats.append(
            SeatBoard(
                seat=s,
                name=row.name,
                picture=row.picture,
                colour=row.colour,
                kind=seat_kind(row),
                is_me=s == me,
                on_turn=turn == s,
                cards=tuple(cards),
                in_play=in_play,
                score=None if view.scores is None or hidden else view.scores[s],
                total=sum(rounds) if hidden else view.totals[s] if s < len(view.totals) else 0,
                rounds=rounds,
                winner=view.winners is not None
                and s in view.winners
                and not (counting or others_counting),
                stand_in_name=None
                if row.stand_in is None
                else face_at(row.stand_in, seat_rows, row.seat).name,
                taken_out=row.taken_out,
                opened=row.child_id is None or row.opened_at is not None,
            )
        )
    hand = watch_hand if watching else view.hand
    my_stand_in = None if me is None else seats[me].stand_in_name
    # While a computer player plays this child's seat, the child has no moves to make.
    playing = not watching and my_stand_in is None
    controls = controls_for(legal, view.hand, view.phase) if playing else Controls()
    current = None if turn is None else seats[turn]
    if chosen_swap not in controls.swap_from:
        chosen_swap = None  # a stale or made-up choice (`?mine=9`): the SWAP starts again
    prompt = prompt_for(controls, view.hand, chosen_swap)
    if current is not None and current.stand_in_name is not None and not controls.any:
        prompt = gettext(
            "%(computer)s is playing for %(name)s.",
            computer=current.stand_in_name,
            name=current.name,
        )
    if me is not None and my_stand_in is not None:
        prompt = (
            gettext(
                "Your teacher gave your seat to %(computer)s. You can watch the game.",
                computer=my_stand_in,
            )
            if seats[me].taken_out
            else gettext(
                "%(computer)s is finishing your turn. Then it is yours again.", computer=my_stand_in
            )
        )
    if (counting or others_counting) and events is not None:
        events = unspoiled(events)
    story = (
        None
        if events is None
        else tuple(
            tell(
                events,
                [r.name for r in seat_rows],
                me,
                [r.picture for r in seat_rows],
                face_up=None if watching else face_up_for(view),
                standing=stand_in_names(seat_rows),
            )
        )
    )
    return Board(
        table_id=table_id,
        version=version,
        status=status,
        level=str(view.level),
        me=me,
        seats=tuple(seats),
        phase=str(view.phase),
        current=turn,
        draw_count=view.draw_count,
        discard_top=view.discard_top,
        hand=None if hand is None else int(hand),
        someone_holding=view.someone_holding,
        hand_from_discard=view.hand_from_discard,
        caller=view.caller,
        final_turns_left=view.final_turns_left,
        draws_left=view.draws_left,
        controls=controls,
        story=story,
        round_number=view.round_number,
        prompt=prompt,
        watching=watching,
        winners=() if counting or others_counting else tuple(view.winners or ()),
        chosen_swap=chosen_swap,
        revealed=revealed,
        seat_notes=dict(seat_notes or {}),
        outside_look=outside,
        outside_seconds=outside_seconds if outside else 0,
        score_history=() if counting else tuple(tuple(r) for r in score_history),
        still_counting=tuple(sorted(others_counting)),
        series=series_words(options, view.round_number) if watching and options else "",
    )
