"""The table story (classroom/tables/story.py): redacted events in short sentences, naming no
private card, not even to its own seat."""

from __future__ import annotations

from flask import Flask

from classroom.game import Event, EventKind, Power, events_for
from classroom.tables.story import SeatNote, tell, this_round

NAMES = ["Mia", "Top Cat", "Leo"]


def texts(events: list[Event], me: int | None) -> list[str]:
    return [line.text for line in tell(events_for(events, me), NAMES, me)]


def test_taking_the_discard_card_and_placing_it_is_one_sentence() -> None:
    events = [
        Event(EventKind.TOOK_DISCARD, seat=1, card=2),
        Event(EventKind.PLACED, seat=1, card=2, position=3),
        Event(EventKind.DISCARDED, seat=1, card=8),
        Event(EventKind.TURN_ENDED, seat=1, other_seat=2),
    ]
    lines = tell(events, NAMES, 0)
    assert [line.text for line in lines] == [
        "Top Cat took the 2 and put it in place 3.",
        "Top Cat put the 8 on the DISCARD pile.",
        "Now it is Leo's turn.",
    ]
    assert [line.card for line in lines] == [2, 8, None]


def test_a_taken_card_is_named_only_where_its_place_is_face_up() -> None:
    """R13: a card taken from the DISCARD pile into a face-down place is the child's to
    remember (Standard, a middle card at Outside Peek); the story does not keep it on screen.
    Where the place is face up (Ultra-Peek, the outside cards shown to everyone), it does."""
    took = Event(EventKind.TOOK_DISCARD, seat=1, card=2)
    placed = Event(EventKind.PLACED, seat=1, card=2, position=3)
    end = Event(EventKind.TURN_ENDED, seat=1, other_seat=2)
    face_down = lambda seat, position: False  # noqa: E731
    outside_up = lambda seat, position: position in (1, 4)  # noqa: E731
    for events, face_up, said, card in (
        (
            [took, placed, end],
            face_down,
            "Top Cat took the DISCARD card and put it in place 3.",
            None,
        ),
        (
            [took, placed, end],
            outside_up,
            "Top Cat took the DISCARD card and put it in place 3.",
            None,
        ),
        (
            [took, placed._replace(position=4), end],
            outside_up,
            "Top Cat took the 2 and put it in place 4.",
            2,
        ),
        (
            [took, placed, end],
            lambda seat, position: True,
            "Top Cat took the 2 and put it in place 3.",
            2,
        ),
        # Told in two updates (taken, then placed), the first line does not name it either.
        ([took], face_down, "Top Cat took the DISCARD card.", None),
        (
            [took, Event(EventKind.DISCARDED, seat=1, card=8)],
            face_down,
            "Top Cat took the DISCARD card.",
            None,
        ),
    ):
        first = tell(events, NAMES, 0, face_up=face_up)[0]
        assert (first.text, first.card) == (said, card)
    # A teacher watching (no face_up) reads every card.
    assert (
        tell([took, placed, end], NAMES, None)[0].text
        == "Top Cat took the 2 and put it in place 3."
    )


def test_a_private_draw_is_never_named() -> None:
    events = [
        Event(EventKind.DREW, seat=0, card=4, private=True),
        Event(EventKind.PLACED, seat=0, card=4, position=1, private=True),
        Event(EventKind.DISCARDED, seat=0, card=9),
        Event(EventKind.TURN_ENDED, seat=0, other_seat=1),
    ]
    for me in (0, 1, None):
        story = texts(events, me)
        assert not any("4" in sentence for sentence in story)
        assert all(line.card != 4 for line in tell(events_for(events, me), NAMES, me))
    assert texts(events, 0)[:2] == ["You drew a card.", "You put the card in place 1."]
    assert texts(events, 1)[:2] == ["Mia drew a card.", "Mia put the card in place 1."]
    assert texts(events, 0)[-1] == "Now it is Top Cat's turn."
    assert texts(events, 1)[-1] == "Now it is your turn."


def test_a_card_put_where_everyone_sees_it_is_named() -> None:
    """At Ultra-Peek (and on the face-up outside places of Outside Peek) a card drawn and
    put in a line lands face up for everyone: the engine tells it to every seat, and the
    story names it, as the board shows it (not "Tabby put the card in place 1." beside the
    face-up card)."""
    events = [
        Event(EventKind.DREW, seat=0, card=8, private=True),
        Event(EventKind.PLACED, seat=0, card=8, position=2),
        Event(EventKind.DISCARDED, seat=0, card=6, position=2),
    ]
    assert texts(events, 1)[:2] == ["Mia drew a card.", "Mia put the 8 in place 2."]
    assert texts(events, 0)[1] == "You put the 8 in place 2."
    assert texts(events, None)[1] == "Mia put the 8 in place 2."
    assert [line.card for line in tell(events_for(events, 1), NAMES, 1)][:2] == [None, 8]
    # Where the reader sees that place face down, it is not named, even though everyone saw
    # it (a card taken from the DISCARD pile, its placing in the next live update: at
    # Standard the child is to remember it, R13).
    face_down = tell(events_for(events[1:], 1), NAMES, 1, face_up=lambda seat, place: False)
    assert face_down[0].text == "Mia put the card in place 2." and face_down[0].card is None
    face_up = tell(events_for(events[1:], 1), NAMES, 1, face_up=lambda seat, place: True)
    assert face_up[0].text == "Mia put the 8 in place 2."


def test_peek_swap_call_and_the_end() -> None:
    events = [
        Event(EventKind.PEEKED, seat=2, card=6, position=4, private=True),
        Event(EventKind.SWAPPED, seat=0, position=1, other_seat=1, other_position=2),
        Event(EventKind.SWAP_DECLINED, seat=1),
        Event(EventKind.DRAW_2_USED, seat=2),
        Event(EventKind.DISCARDED, seat=2, card=int(Power.SWAP)),
        Event(EventKind.CALLED, seat=1),
        Event(EventKind.POWER_REPLACED, seat=0, card=int(Power.PEEK), position=2, replaced_by=5),
        Event(EventKind.ROUND_ENDED, scores=(10, 12, 20), totals=(10, 12, 20)),
        Event(EventKind.GAME_ENDED, winners=(0,)),
    ]
    assert texts(events, 1) == [
        "Leo used a PEEK on place 4.",
        "Mia swapped place 1 with your place 2.",
        "You did not use the SWAP.",
        "Leo used a DRAW 2: more draws!",
        "Leo put the SWAP card on the DISCARD pile.",
        "You called Rat-a-Tat-Cat!",
        "The PEEK card in Mia's place 2 became the 5.",
        "The round is over! Every card turns face up.",
        "Mia won the game!",
    ]
    assert texts(events, 0)[-1] == "You win the game!"


def test_a_new_round_names_the_first_discard_card() -> None:
    events = [Event(EventKind.ROUND_STARTED, seat=1, card=7)]
    assert texts(events, 0) == ["A new round! Top Cat starts. The first DISCARD card is the 7."]
    assert texts(events, 1) == ["A new round! You start. The first DISCARD card is the 7."]


def test_a_new_rounds_story_starts_with_the_new_round() -> None:
    """The page's "What happened" at round 2 begins with "A new round!", not with the end of
    round 1 (which pushed the new round's first line below the fold on a tablet)."""
    events = [
        Event(EventKind.ROUND_STARTED, seat=0, card=4),
        Event(EventKind.CALLED, seat=1),
        Event(EventKind.ROUND_ENDED),
        Event(EventKind.ROUND_STARTED, seat=1, card=7),
        Event(EventKind.DREW, seat=1),
    ]
    told = [line.text for line in tell(this_round(events), NAMES, 0)]
    assert told == [
        "A new round! Top Cat starts. The first DISCARD card is the 7.",
        "Top Cat drew a card.",
    ]
    assert this_round(events[:3]) == events[:3]
    assert this_round([]) == []


def test_a_stand_ins_moves_are_told_as_its_own_never_the_childs() -> None:
    """Leo left and Mittens plays for him: the moves Mittens makes read "Mittens (for Leo)
    drew a card.", not "Leo drew a card." (a teacher read those as Leo's slips); Leo's own
    moves before he left, and after he is back, are his. Whose turn it is stays the seat's."""
    drew = Event(EventKind.DREW, seat=2)
    dropped = Event(EventKind.DISCARDED, seat=2, card=1)
    items = [
        drew,
        dropped,
        SeatNote("left", 2, "Mittens"),
        drew,
        Event(EventKind.TOOK_DISCARD, seat=2, card=3),
        Event(EventKind.PLACED, seat=2, card=3, position=1),
        Event(EventKind.CALLED, seat=2),
        Event(EventKind.TURN_ENDED, seat=2, other_seat=0),
        SeatNote("back", 2, "Mittens"),
        drew,
    ]
    told = [line.text for line in tell(items, NAMES, 0, standing={})]
    assert told == [
        "Leo drew a card.",
        "Leo put the 1 on the DISCARD pile.",
        "Leo has left the table. Mittens plays for Leo until Leo comes back.",
        "Mittens (for Leo) drew a card.",
        "Mittens (for Leo) took the 3 and put it in place 1.",
        "Mittens (for Leo) called Rat-a-Tat-Cat!",
        "Now it is your turn.",
        "Leo is back!",
        "Leo drew a card.",
    ]
    # The newest lines alone (a page's update): who plays the seat now says it.
    assert [line.text for line in tell([drew], NAMES, 0, standing={2: "Mittens"})] == [
        "Mittens (for Leo) drew a card."
    ]
    # Leo's own page: "for you".
    assert [line.text for line in tell([drew], NAMES, 2, standing={2: "Mittens"})] == [
        "Mittens (for you) drew a card."
    ]
    # Before a "left" note in the same update, the seat was still Leo's.
    first = tell([drew, SeatNote("left", 2, "Mittens")], NAMES, 0, standing={2: "Mittens"})[0]
    assert first.text == "Leo drew a card."


def test_a_child_back_is_told_who_played_for_them() -> None:
    """Leo's own page: the line that greets him back says who played for him, since the line
    saying he left may be out of the page's story by then; a child back before their
    stand-in moved is just welcomed back."""
    drew = Event(EventKind.DREW, seat=2)
    placed = Event(EventKind.PLACED, seat=2, position=3)
    left, back = SeatNote("left", 2, "Mittens"), SeatNote("back", 2, "Mittens")
    told = [line.text for line in tell([left, drew, placed, back], NAMES, 2, standing={})]
    assert told == [
        "You left the table, so Mittens played for you.",
        "Mittens (for you) drew a card.",
        "Mittens (for you) put the card in place 3.",
        "You are back! Mittens played for you.",
    ]
    # The story's window starts after he left: Mittens's moves still count.
    told = [line.text for line in tell([drew, placed, back], NAMES, 2, standing={})]
    assert told[-1] == "You are back! Mittens played for you."
    # Back before Mittens's turn came: nothing was played for him.
    assert [line.text for line in tell([left, back], NAMES, 2, standing={})] == [
        "You left the table, so Mittens played for you.",
        "You are back!",
    ]
    # The others read only that he is back.
    assert tell([left, drew, back], NAMES, 0, standing={})[-1].text == "Leo is back!"


def test_several_winners_take_the_plural_where_the_language_has_one(app: Flask) -> None:
    """ "Ganó Mia" but "Ganaron Mia y Leo": a tie is told in the plural in Spanish."""
    from flask_babel import force_locale

    tie = Event(EventKind.GAME_ENDED, winners=(0, 2))
    alone = Event(EventKind.GAME_ENDED, winners=(0,))
    with app.test_request_context(), force_locale("es"):
        assert texts([tie], 1) == ["¡Ganaron el juego Mia y Leo!"]
        assert texts([alone], 1) == ["¡Ganó el juego Mia!"]
        assert texts([tie], 0) == ["¡Ganaron el juego tú y Leo!"]
    with app.test_request_context():
        assert texts([tie], 1) == ["Mia and Leo won the game!"]
