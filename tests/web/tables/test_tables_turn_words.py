"""The words at the top of a board (issue 4, the game page): the banner says whose turn it is
("Your turn!", "Leo's turn") and the prompt below it says only what to do, so neither is said
twice on screen; the speaker button reads both, whoever's turn it is, on the page and on the
live board a poll brings."""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser

from flask import Flask
from flask.testing import FlaskClient

from classroom.game import actions
from tests.web.conftest import MadeChild, MadeClass
from tests.web.helpers.tables import (
    child_client,
    count_for,
    end_the_round,
    game,
    play_turn,
    poll,
    post_move,
    set_level,
    snapshot,
    start_table,
    three_counting,
)


class TopWords(HTMLParser):
    """The banner's and the prompt's text, the board's spoken words and the speaker's."""

    def __init__(self) -> None:
        super().__init__()
        self.banner: list[str] = []
        self.prompt: list[str] = []
        self.spoken: list[str] = []
        self.speaker: list[str] = []
        self._into: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if "data-board" in a:
            self.spoken.append(a.get("data-spoken") or "")
        if tag == "button" and "speaker-button" in classes:
            self.speaker.append(a.get("data-speak") or "")
        if tag == "p" and "turn-text" in classes:
            self._into = self.banner
        elif tag == "p" and "prompt" in classes:
            self._into = self.prompt

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self._into = None

    def handle_data(self, data: str) -> None:
        if self._into is not None and data.strip():
            self._into.append(data.strip())


def words(html: str) -> TopWords:
    parser = TopWords()
    parser.feed(html)
    return parser


def test_on_a_childs_turn_the_banner_says_your_turn_and_the_prompt_what_to_do(
    app: Flask, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    client = child_client(app, child)
    top = words(client.get(f"/play/tables/{table_id}").get_data(as_text=True))
    assert top.banner == ["Your turn!"]
    assert top.prompt == ["Draw a card, or take the card on the DISCARD pile."]
    spoken = "Your turn! Draw a card, or take the card on the DISCARD pile."
    assert top.spoken == [spoken] and top.speaker == [spoken]
    # After a draw the prompt names the card in hand; the banner still says whose turn it is.
    post_move(client, table_id, actions.DRAW, snapshot(app, table_id)[0])
    top = words(client.get(f"/play/tables/{table_id}").get_data(as_text=True))
    assert top.banner == ["Your turn!"]
    assert len(top.prompt) == 1 and top.prompt[0].startswith("You have ")
    assert top.spoken == ["Your turn! " + top.prompt[0]]


def test_on_a_classmates_turn_there_is_no_prompt_and_the_speaker_says_whose_turn(
    app: Flask,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    mia = make_child(classroom, "Mia")
    leo = make_child(classroom, "Leo")
    table_id = start_table(app, [mia, leo])
    mia_client = child_client(app, mia)
    play_turn(app, mia_client, table_id)
    top = words(mia_client.get(f"/play/tables/{table_id}").get_data(as_text=True))
    assert top.banner == ["Leo's turn"]
    assert top.prompt == []  # the banner says it; nothing below repeats it
    assert top.spoken == ["It is Leo's turn."] and top.speaker == ["It is Leo's turn."]
    # Leo's tablet, live: the board a poll brings carries the words for the speaker.
    live = words(poll(child_client(app, leo), table_id)["html"])
    assert live.banner == ["Your turn!"]
    assert live.spoken == ["Your turn! " + live.prompt[0]]


def test_the_teacher_watching_hears_whose_turn_it_is(
    app: Flask, teacher_client: FlaskClient, child: MadeChild
) -> None:
    table_id = start_table(app, [child], ["solid"])
    page = teacher_client.get(f"/tables/{table_id}/watch").get_data(as_text=True)
    top = words(page)
    assert top.banner == [f"{child.display_name}'s turn"]
    assert top.prompt == []
    assert top.spoken == [f"It is {child.display_name}'s turn."]


def test_while_counting_and_at_the_games_end_the_speaker_says_what_to_do(
    app: Flask, child: MadeChild
) -> None:
    """The speaker is how a child who cannot read yet hears what to do: while counting it
    reads the step (and "Let's count again" with its cards when it came), and at the game's
    end who won and the way home; never the banner's "The round is over!" alone."""
    set_level(app, child, "ultra_peek", scoring="cubes_and_total")
    table_id = start_table(app, [child], ["solid"])
    client = child_client(app, child)
    end_the_round(app, client, table_id)
    line = [int(c) for c in game(app, table_id).lines[0]]
    page = f"/play/tables/{table_id}"
    assert words(client.get(page).get_data(as_text=True)).speaker == [
        "The round is over! Put cubes on your cards. One cube for each one the card says."
        " The 0 card gets none. Then tap Snap the bar!"
    ]
    place = next(i for i, n in enumerate(line) if n != 0)
    wrong = [n + 1 if i == place else n for i, n in enumerate(line)]
    url = f"/play/tables/{table_id}/count"
    snap = {"press": "snap"}
    again = client.post(url, data={f"cubes_{p + 1}": str(n) for p, n in enumerate(wrong)} | snap)
    assert words(client.get(again.headers["Location"]).get_data(as_text=True)).speaker == [
        "Let's count again! The round is over! Put cubes on your cards."
        " Look at the card with the arrow. Then tap Snap the bar!"
    ]
    client.post(url, data={f"cubes_{p + 1}": str(n) for p, n in enumerate(line)} | snap)
    assert words(client.get(page).get_data(as_text=True)).speaker == [
        "How many points? Type your total. Then tap That's my total."
    ]
    assert client.post(url, data={"total": str(sum(line))}).status_code == 303
    assert snapshot(app, table_id)[1] == "finished"
    over = client.get(page).get_data(as_text=True)
    [said] = words(over).speaker
    # With computer players only, the same players can play again (issue 39).
    end = " Tap Play again, or Back home."
    assert said.startswith("The game is over! ") and said.endswith(end)
    assert said.removesuffix(end) in over  # the words on the page, read
    assert "Play again" in over


def test_a_child_who_has_counted_hears_their_points_and_that_the_others_still_count(
    app: Flask, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    table_id, _, clients = three_counting(app, make_child, classroom)
    count_for(app, clients[0], table_id, 0)
    score = sum(int(c) for c in game(app, table_id).lines[0])
    page = clients[0].get(f"/play/tables/{table_id}").get_data(as_text=True)
    points = f"{score} point" + ("" if score == 1 else "s")
    assert words(page).speaker == [f"Your line makes {points}. Waiting for everyone to count."]
