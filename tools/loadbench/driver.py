"""The load benchmark's driver: Locust users that are children at tables, then a trivial
endpoint at the same concurrency. Run by `python -m tools.loadbench` in its own process
(importing Locust patches the standard library for gevent), never imported by the app.

Each child signs in as a browser does (the class's pictures, then two secret pictures, with the
CSRF token of each page), opens their table's page and then plays as table.js does: it polls
`GET .../state?version=N` every `poll` seconds while others play, and on its turn posts the
moves the board offers (`Accept: application/json`, the form's fields as the page sends them).
At a child's pace (--think-ms above 0, 3000 by bin/loadbench's default) a child thinks before
each of its moves (between half and one and a half times --think-ms), and keeps polling while it
thinks, as the page does; it learns that its turn has come from its own polls only. "seen" is
the time from a move's answer to the first poll of each other seat that brings it.
At the end of a round it counts as its assignment says (cube bars posted with "snap", and/or
the typed total), looks at the round's results and taps "Next round!" (as long as it thinks
before a move); when a game is over, the first child opens a new table ("Play with friends"),
the others sit at it and the first child starts it. While it waits on the results of a round
that classmates still count, each count's answer draws their bar in (no reload, as table.js);
a card shown face up for a moment (a PEEK) and Standard's look at the outside cards are
followed by the board asked for again a few seconds later (`state?version=-1`), as table.js
asks for it. At full speed (--think-ms 0, the stress
figure) children think for no time at all: the child whose turn it is is woken as soon as the
move before it is answered, as if its poll had just landed, so the tables run as fast as the
app answers.

With --push the pages listen to their table's event stream instead (TABLE_PUSH, gevent
workers): each child reads its stream in a greenlet of its own, as table.js's EventSource does
(opened again 0.2 s after it ends, with the last id), and polls never; "seen" is then the
time from a move's answer to the event that brings it to each other seat.

Only requests answered inside the measured window count. Every request is checked: a 5xx or a
status the page would not expect is an error; a 409 "The table has moved on" is counted
separately (it should not happen: each child moves only on its own turn).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import gevent
from gevent.event import AsyncResult, Event
from locust import FastHttpUser, constant, events, task
from locust.env import Environment

from tools.loadbench import page
from tools.loadbench.cpu import cpu_seconds, postgres_cpu_seconds
from tools.loadbench.pgstats import connections_started

JSON = {"Accept": "application/json"}


@dataclass
class Tally:
    """Latencies and outcomes of the requests answered while the window is open."""

    recording: bool = False
    started: float = 0.0
    stopped: float = 0.0
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, dict[int, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    errors: int = 0
    stale: int = 0
    samples: list[str] = field(default_factory=list)
    counted: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def start(self) -> None:
        """Open the window, forgetting whatever came before."""
        self.latency.clear()
        self.statuses.clear()
        self.counted.clear()
        self.errors = self.stale = 0
        self.samples.clear()
        self.started = time.perf_counter()
        self.recording = True

    def stop(self) -> None:
        """Close the window."""
        self.stopped = time.perf_counter()
        self.recording = False

    def note(self, what: str) -> None:
        """Count an event (a game started, a round counted) inside the window."""
        if self.recording:
            self.counted[what] += 1

    def error(self, message: str) -> None:
        """Count an error, keeping the first few messages."""
        if self.recording:
            self.errors += 1
            if len(self.samples) < 12:
                self.samples.append(message)

    def summary(self) -> dict[str, Any]:
        """Counts, rates and percentiles per kind of request."""
        seconds = max(1e-9, self.stopped - self.started)
        kinds = {
            name: {
                "count": len(times),
                "per_second": len(times) / seconds,
                "statuses": dict(self.statuses[name]),
                **percentiles(times),
            }
            for name, times in sorted(self.latency.items())
        }
        return {
            "seconds": seconds,
            "requests": kinds,
            "errors": self.errors,
            "stale": self.stale,
            "error_samples": self.samples,
            "counted": dict(self.counted),
        }


def percentiles(times: list[float]) -> dict[str, float | None]:
    """p50, p95, p99 and the maximum of latencies in ms (nearest rank)."""
    if not times:
        return {"p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(times)

    def rank(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.999999) - 1))]

    return {"p50": rank(0.50), "p95": rank(0.95), "p99": rank(0.99), "max": ordered[-1]}


TALLY = Tally()


class UnexpectedPage(Exception):
    """A response the page would not expect; counted as an error, then the child reloads."""


@dataclass
class Group:
    """The children of one table, and what they share: who to wake, the next table."""

    seats: int
    table_id: int
    wake: dict[int, Event] = field(default_factory=dict)
    next_table: dict[int, AsyncResult] = field(default_factory=lambda: defaultdict(AsyncResult))
    joined: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    moved_at: dict[tuple[int, int], float] = field(default_factory=dict)  # (table, version)

    def wake_seat(self, seat: int | None) -> None:
        """Wake one child (its poll lands now); everyone but the mover when unknown. At a
        child's pace nobody is woken: a child sees a move when its own poll brings it."""
        assert PLAN is not None
        if PLAN.think:
            return
        if seat is None:
            for event in self.wake.values():
                event.set()
        elif seat in self.wake:
            self.wake[seat].set()


@dataclass
class Plan:
    """What the driver was told: the class code, the children and their tables."""

    join_code: str
    children: list[dict[str, Any]]
    groups: list[Group]
    poll: float
    think: float
    seed: int
    push: bool = False  # pages listen to the table's event stream instead of polling


PLAN: Plan | None = None
READY: list[int] = []  # children taken from the plan
SEATED: list[int] = []  # children signed in with their table page open
FAILED: list[str] = []  # why a child could not sit down
GO = Event()


class Child(FastHttpUser):
    """One child at a tablet: signs in, then plays at their table for as long as the run lasts."""

    wait_time = constant(0)
    network_timeout = 30.0
    connection_timeout = 30.0

    def on_start(self) -> None:
        """Take the next child of the plan, sign in, open the table page, wait for the start."""
        try:
            self.sit_down()
        except Exception as problem:
            FAILED.append(f"{type(problem).__name__}: {problem}")
            raise
        GO.wait()

    def sit_down(self) -> None:
        """Sign in and open the table page."""
        assert PLAN is not None
        self.me = PLAN.children[len(READY) % len(PLAN.children)]
        READY.append(self.me["id"])
        self.rng = random.Random(f"{PLAN.seed}:{self.me['id']}")
        self.mates = PLAN.groups[self.me["table"]]
        self.seat: int = self.me["seat"]
        self.mates.wake[self.seat] = Event()
        self.generation = 0
        self.text = ""
        self.board = page.BoardPage(None, "", False)
        self.csrf = ""
        self.listener: gevent.Greenlet | None = None  # reads the table's event stream
        self.sending = False  # a move is being sent: a pushed board waits for its answer
        self.held: dict[str, Any] | None = None
        self.reload_wanted = False
        self.waiting = False  # the page shows the results while classmates count
        self.asker: gevent.Greenlet | None = None  # table.js's forced refresh, when one is due
        self.sign_in()
        self.table_id = self.mates.table_id
        self.load_page()
        SEATED.append(self.me["id"])

    # --- requests ------------------------------------------------------------------------

    def call(
        self,
        name: str,
        method: str,
        url: str,
        expect: tuple[int, ...] = (200,),
        **kwargs: Any,
    ) -> Any:
        """One request, timed and checked; raises UnexpectedPage on a status not expected."""
        begun = time.perf_counter()
        response = self.client.request(method, url, name=name, allow_redirects=False, **kwargs)
        took = (time.perf_counter() - begun) * 1000
        status = int(response.status_code or 0)
        if TALLY.recording:
            TALLY.latency[name].append(took)
            TALLY.statuses[name][status] += 1
        if status == 409 and name == "move":
            if TALLY.recording:
                TALLY.stale += 1
            return response
        if status not in expect:
            # No status at all: the connection failed; say how (the client's own error).
            said = response.text if status else repr(getattr(response, "error", None))
            raise UnexpectedPage(f"{method} {url} -> {status}: {(said or '')[:200]!r}")
        return response

    def post(
        self, name: str, url: str, data: dict[str, str], expect: tuple[int, ...], **kw: Any
    ) -> Any:
        """A form post with this session's CSRF token."""
        return self.call(name, "POST", url, expect, data={"csrf_token": self.csrf, **data}, **kw)

    def follow(self, response: Any) -> str:
        """GET where a redirect points (a page), returning its text."""
        location = response.headers.get("Location") or response.headers.get("location")
        if not location:
            raise UnexpectedPage(f"redirect without a Location ({response.status_code})")
        return str(self.call("page", "GET", location).text)

    def remember(self, text: str) -> None:
        """Keep a page (or a board fragment) and what it says."""
        self.text = text
        self.board = page.read_board(text)
        token = page.csrf_token(text)
        if token:
            self.csrf = token
        self.ask_again(text)

    def ask_again(self, text: str) -> None:
        """As table.js does for the board just shown: a card face up for a moment, or
        Standard's look at the outside cards, is followed by a forced refresh of the board a
        few seconds later (page.asks_again_in); a newer board sets its own."""
        if self.asker is not None:
            self.asker.kill(block=False)
            self.asker = None
        delay = page.asks_again_in(text)
        if delay is not None and self.board.version is not None:
            self.asker = gevent.spawn_later(delay, self.forced_refresh, self.board.version)

    def forced_refresh(self, version: int) -> None:
        """table.js's forced refresh (`refresh(true)`): the board as it is now (version -1,
        no news), shown unless the page has a newer one by then."""
        self.asker = None  # this greenlet: a board it shows may set the next one
        if self.board.version != version:
            return
        try:
            url = f"/play/tables/{self.table_id}/state?version=-1"
            data = self.call("state", "GET", url, headers=JSON).json()
        except Exception as problem:
            why = f"{type(problem).__name__}: {problem}"
            TALLY.error(f"child {self.me['id']} forced refresh: {why}")
            return
        fresh = int(data.get("version") or 0)
        shown = self.board.version if self.board.version is not None else version
        if data.get("html") and fresh >= shown and data.get("status") == self.board.status:
            self.remember(data["html"])

    # --- signing in ------------------------------------------------------------------------

    def sign_in(self) -> None:
        """The class's pictures, my picture, my two secret pictures in order."""
        assert PLAN is not None
        pictures = self.call("signin", "GET", f"/join/{PLAN.join_code}").text
        url = page.secret_page_url(pictures, self.me["id"])
        if url is None:
            raise UnexpectedPage("my picture is not on the class page")
        form = self.call("signin", "GET", url).text
        picked: list[str] = []
        for picture in self.me["secret"]:
            self.csrf = page.csrf_token(form) or ""
            last = len(picked) + 1 == len(self.me["secret"])
            response = self.post(
                "signin",
                url,
                {"picked": ",".join(picked), "pick": picture},
                (302,) if last else (200,),
            )
            picked.append(picture)
            if last:
                self.opened(self.follow(response))  # my home page
            else:
                form = response.text

    # --- playing ---------------------------------------------------------------------------

    @task
    def play(self) -> None:
        """Play until the run ends; after an unexpected answer, reload the page and go on."""
        reload = False
        while True:
            try:
                if reload:
                    reload = False
                    self.load_page()
                self.step()
            except Exception as problem:
                TALLY.error(f"child {self.me['id']}: {type(problem).__name__}: {problem}")
                gevent.sleep(0.2)
                reload = True

    def step(self) -> None:
        """Do what the page in front of the child asks for now."""
        status = self.board.status
        if status == "playing" and self.board.my_turn:
            self.move()
        elif status == "counting" and page.read_count(self.text) is not None:
            self.count()
        elif status == "finished":
            self.next_game()
        elif status == "" and (url := page.next_round_url(self.text)) is not None:
            self.next_round(url)
        elif status == "open" and self.seat == 0:
            self.start_when_seated()
        else:
            self.wait_and_poll()

    def load_page(self) -> None:
        """The table's page, as a reload or a tap on "Back to your game" fetches it."""
        self.opened(self.call("page", "GET", f"/play/tables/{self.table_id}").text)
        self.reload_wanted = False

    def opened(self, text: str) -> None:
        """A whole page the browser has just opened: kept, and with pushed updates its event
        stream as the browser's: the old page's closes, and a page with a live region (a
        table page) opens its own, from its version (a page without one, the results
        between rounds or the home page, listens to nothing)."""
        self.remember(text)
        self.waiting = page.STILL_COUNTING in text  # the results, while classmates count
        assert PLAN is not None
        if not PLAN.push:
            return
        if self.listener is not None:
            self.listener.kill(block=False)
            self.listener = None
        if page.EVENTS_MARK in text:
            self.listener = gevent.spawn(self.listen, self.table_id)

    # --- pushed updates (--push) ------------------------------------------------------------

    def listen(self, table_id: int) -> None:
        """Read the table's event stream as table.js's EventSource does, for as long as this
        child is at the table: each event is a poll's answer; a stream that ends is opened
        again 0.2 s later with the last id it sent (the stream's `retry`)."""
        import requests  # here, after Locust has patched the standard library for gevent

        last = self.board.version if self.board.version is not None else -1
        while self.table_id == table_id:
            try:
                # A client that hands over each chunk as it comes (Locust's waits to fill its
                # buffer), with this tablet's cookies.
                cookies = "; ".join(f"{c.name}={c.value}" for c in self.client.cookiejar)
                response = requests.get(
                    f"{self.host}/play/tables/{table_id}/events?version={last}",
                    headers={
                        "Accept": "text/event-stream",
                        "Last-Event-ID": str(last),
                        "Cookie": cookies,
                    },
                    stream=True,
                    timeout=(30, 40),
                    allow_redirects=False,
                )
                try:
                    if response.status_code != 200:
                        raise UnexpectedPage(f"the event stream answered {response.status_code}")
                    buffer = ""
                    for chunk in response.iter_content(chunk_size=None, decode_unicode=True):
                        buffer += chunk
                        while "\n\n" in buffer:
                            block, buffer = buffer.split("\n\n", 1)
                            lines = block.split("\n")
                            if "event: beat" in lines:
                                continue  # the heartbeat: the page notes it heard the stream
                            for line in lines:
                                if line.startswith("id: "):
                                    last = int(line[4:])
                                elif line.startswith("data: "):
                                    self.pushed(json.loads(line[6:]))
                finally:
                    response.close()  # the page went (or the stream ended): as a browser does
            except gevent.GreenletExit:
                raise
            except Exception as problem:
                if self.table_id == table_id:
                    why = f"{type(problem).__name__}: {problem}"
                    TALLY.error(f"child {self.me['id']} stream: {why}")
            gevent.sleep(0.2)  # the stream's retry

    def pushed(self, data: dict[str, Any]) -> None:
        """A pushed answer: noted as seen, then shown as table.js's `answer` shows it (held
        while a move is being sent), and the child is woken."""
        if data.get("yours"):
            return  # the child's own move: one tablet each here, and its answer brought it
        self.note_seen(self.board.version if self.board.version is not None else -1, data)
        if page.read_count(self.text) is not None:
            return  # the counting page: table.js leaves it be until the count is sent
        if self.sending:
            self.held = data
            return
        self.show(data)

    def show(self, data: dict[str, Any]) -> None:
        """What table.js does with a newer answer: a new status reloads the page (so does a
        classmate's count whose bar the answer does not draw), a new board is swapped in; then
        the child's loop looks again."""
        version = -1 if self.board.version is None else self.board.version
        if not data.get("changed") or int(data.get("version") or 0) <= version:
            return
        if page.answer_reloads(self.waiting, self.board.status, data):
            self.reload_wanted = True
        elif data.get("html"):
            self.remember(data["html"])
        self.mates.wake[self.seat].set()

    def wait_and_poll(self) -> None:
        """Wait for the next poll (or to be woken), then ask for news as table.js does; with
        pushed updates, wait for the stream to bring something."""
        assert PLAN is not None
        event = self.mates.wake[self.seat]
        if PLAN.push:
            event.wait(timeout=5.0)
            event.clear()
            if self.reload_wanted:
                self.load_page()
            return
        event.wait(timeout=PLAN.poll)
        event.clear()
        data = self.poll()
        if not data.get("changed"):
            return
        if page.answer_reloads(self.waiting, self.board.status, data):
            self.load_page()  # as table.js reloads the page
        elif data.get("html"):
            self.remember(data["html"])

    def poll(self) -> dict[str, Any]:
        """One poll of the table's state, as table.js sends it; notes how long each move the
        poll brings took to reach this seat since its answer ("seen")."""
        assert PLAN is not None
        version = -1 if self.board.version is None else self.board.version
        url = f"/play/tables/{self.table_id}/state?version={version}"
        data: dict[str, Any] = self.call("state", "GET", url, headers=JSON).json()
        self.note_seen(version, data)
        return data

    def note_seen(self, version: int, data: dict[str, Any]) -> None:
        """How long each move this answer brings (to a page at `version`) took to reach this
        seat since the move's answer."""
        now = time.perf_counter()
        newest = int(data.get("version") or 0)
        if TALLY.recording and version >= 0:
            for seen in range(version + 1, newest + 1):
                moved = self.mates.moved_at.get((self.table_id, seen))
                if moved is not None:
                    TALLY.latency["seen"].append((now - moved) * 1000)

    def think(self, counting: bool = False) -> None:
        """A child's pause before a move, polling all the while as the page does (while the
        child counts, the page only says every 5 s that it is there: table.js's heartbeat)."""
        assert PLAN is not None
        deadline = time.perf_counter() + PLAN.think * self.rng.uniform(0.5, 1.5)
        if PLAN.push:
            # The stream brings the news and notes the seat: the child only thinks.
            gevent.sleep(deadline - time.perf_counter())
            if self.reload_wanted:
                self.load_page()
            return
        every = 5.0 if counting else PLAN.poll
        while (left := deadline - time.perf_counter()) > 0:
            gevent.sleep(min(every, left))
            left = deadline - time.perf_counter()
            if left > 0:
                data = self.poll()
                if not counting and data.get("changed") and data.get("html"):
                    self.remember(data["html"])

    def move(self) -> None:
        """One move the board offers: a form posted with fetch, or a card tapped for a SWAP."""
        assert PLAN is not None
        if PLAN.think:
            self.think()
            if not (self.board.status == "playing" and self.board.my_turn):
                return
        choice = page.choose(self.board, self.rng)
        if isinstance(choice, int):
            # Tapping my card for a SWAP asks for the board with it chosen (table.js's
            # chooseSwap: the JSON, not the page): it comes back with the cards to swap with.
            url = f"/play/tables/{self.table_id}/state?version=-1&mine={choice}"
            data = self.call("state", "GET", url, headers=JSON).json()
            if not data.get("html"):
                raise UnexpectedPage("the SWAP's board did not come")
            self.remember(data["html"])
            choice = page.choose(self.board, self.rng)
            if isinstance(choice, int):
                raise LookupError("the SWAP page offers no card to swap with")
        self.sending = True
        try:
            response = self.post("move", choice.action, choice.fields, (200,), headers=JSON)
        finally:
            self.sending = False
        data = response.json()
        if response.status_code == 200:
            TALLY.note("moves")
            if data.get("version") is not None:
                self.mates.moved_at[(self.table_id, int(data["version"]))] = time.perf_counter()
        before = self.board.status
        if data.get("html"):
            self.remember(data["html"])
        if data.get("status") != before:
            self.load_page()
            self.mates.wake_seat(None)
        elif not self.board.my_turn:
            self.mates.wake_seat(self.board.on_turn)
        if self.held is not None:
            held, self.held = self.held, None
            self.show(held)

    def count(self) -> None:
        """Count my line as my assignment says: cube bars (snap), then the total if asked."""
        assert PLAN is not None
        if PLAN.think:
            self.think(counting=True)
        form = page.read_count(self.text)
        assert form is not None
        if form.cubes is not None:
            data = {f"cubes_{p}": str(n) for p, n in enumerate(form.cubes, start=1)}
            data |= {"press": "snap", "hinted": "0"}
        else:
            line = self.board.my_cards
            if len(line) != 4:
                raise LookupError("cannot read my line to type its total")
            data = {"total": str(sum(line))}
        response = self.post("count", form.action, data, (303,))
        self.opened(self.follow(response))
        if self.seat == 0 and page.read_count(self.text) is None:
            TALLY.note("rounds counted")  # by the first child; everyone counts every round
        if self.board.status != "counting":
            self.mates.wake_seat(None)

    def next_round(self, url: str) -> None:
        """The round's results: the child looks at them (as long as before a move, at a
        child's pace), then taps "Next round!" (the results page has no board and asks for
        nothing meanwhile)."""
        assert PLAN is not None
        if PLAN.think:
            gevent.sleep(PLAN.think * self.rng.uniform(0.5, 1.5))
        self.opened(self.call("page", "GET", url).text)

    def next_game(self) -> None:
        """A game is over: the first child opens a new table, the others sit down at it."""
        self.generation += 1
        home = self.call("page", "GET", "/me").text
        self.opened(home)
        friends = self.call("page", "GET", "/play/friends").text
        self.csrf = page.csrf_token(friends) or self.csrf
        if self.seat == 0:
            response = self.post("open", "/play/friends", {}, (302,))
            location = response.headers.get("Location") or ""
            self.table_id = int(location.rstrip("/").rsplit("/", 1)[-1])
            self.opened(self.follow(response))
            self.mates.table_id = self.table_id
            self.mates.next_table[self.generation].set(self.table_id)
            return
        try:
            table_id = self.mates.next_table[self.generation].get(timeout=30)
        except gevent.Timeout:
            raise UnexpectedPage("the first child opened no new table in 30 s") from None
        friends = self.call("page", "GET", "/play/friends").text
        url = page.join_url(friends, table_id)
        if url is None:
            raise UnexpectedPage(f"table {table_id} is not on the friends page")
        self.csrf = page.csrf_token(friends) or self.csrf
        response = self.post("join", url, {}, (302,))
        self.table_id = table_id
        self.opened(self.follow(response))
        self.mates.joined[self.generation] += 1
        self.mates.wake_seat(0)

    def start_when_seated(self) -> None:
        """The first child starts the new table once everyone has sat down."""
        if self.mates.joined[self.generation] < self.mates.seats - 1:
            self.wait_and_poll()
            return
        self.load_page()
        url = page.start_url(self.text)
        if url is None:
            raise UnexpectedPage("no start button on my open table")
        response = self.post("start", url, {"computers": "0"}, (302, 303))
        TALLY.note("games started")
        self.opened(self.follow(response))
        self.mates.wake_seat(None)


class Trivial(FastHttpUser):
    """A visitor asking for the trivial endpoint again and again, with no pause."""

    wait_time = constant(0)
    path = "/"

    @task
    def fetch(self) -> None:
        """One request of the trivial endpoint."""
        begun = time.perf_counter()
        response = self.client.request("GET", self.path, name="trivial", allow_redirects=False)
        took = (time.perf_counter() - begun) * 1000
        if TALLY.recording:
            TALLY.latency["trivial"].append(took)
            TALLY.statuses["trivial"][int(response.status_code or 0)] += 1
            if response.status_code != 200:
                TALLY.error(f"GET {self.path} -> {response.status_code}")


def measure(
    seconds: float,
    server_pids: list[int] | None,
    database: bool = False,
    parts: dict[str, int] | None = None,
) -> dict[str, Any]:
    """Open the window for `seconds`, then summarise it with the CPU each side used: the app
    processes (`server_pids`, each with its workers), with `database` the local PostgreSQL
    server's, and each of `parts` (the balancer, Redis: name -> pid)."""
    import psutil

    me = psutil.Process()
    # The connections started are read first and last: each reading is a connection of its
    # own (to another database), whose CPU must fall outside the database's window.
    name = os.environ.get("DATABASE_URL", "").rpartition("/")[2]  # the run's own database
    started_before = connections_started(name) if database else None
    pids = server_pids or []
    parts = parts or {}
    server_before, driver_before = _cpu(pids), sum(me.cpu_times()[:2])
    parts_before = {name: cpu_seconds(pid) for name, pid in parts.items()}
    database_before = postgres_cpu_seconds() if database else None
    TALLY.start()
    gevent.sleep(seconds)
    TALLY.stop()
    result = TALLY.summary()
    result["server_cpu_seconds"] = _cpu(pids) - server_before
    result["parts_cpu_seconds"] = {
        name: cpu_seconds(pid) - parts_before[name] for name, pid in parts.items()
    }
    result["driver_cpu_seconds"] = sum(me.cpu_times()[:2]) - driver_before
    database_after = postgres_cpu_seconds() if database else None
    if database_before is not None and database_after is not None:
        result["database_cpu_seconds"] = database_after - database_before
    started_after = connections_started(name) if database else None
    if started_before is not None and started_after is not None:
        result["database_connections_started"] = started_after - started_before
    return result


def _cpu(pids: list[int]) -> float:
    """CPU seconds of these processes and their children."""
    return sum(cpu_seconds(pid) for pid in pids)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Both phases: the tables for `seconds`, then the trivial endpoint for `trivial_seconds`."""
    global PLAN
    with open(args.plan, encoding="utf-8") as f:
        seeded = json.load(f)
    groups = [
        Group(seats=sum(1 for c in seeded["children"] if c["table"] == t), table_id=row["id"])
        for t, row in enumerate(seeded["tables"])
    ]
    PLAN = Plan(
        seeded["join_code"],
        seeded["children"],
        groups,
        poll=args.poll_ms / 1000,
        think=args.think_ms / 1000,
        seed=args.seed,
        push=args.push,
    )
    users = len(PLAN.children)

    env = Environment(user_classes=[Child], events=events, host=args.host)
    runner = env.create_local_runner()
    runner.start(users, spawn_rate=min(users, 100))
    deadline = time.monotonic() + args.signin_timeout
    while len(SEATED) < users:
        if FAILED or time.monotonic() > deadline:
            runner.quit()
            why = f": {FAILED[0]}" if FAILED else ""
            raise SystemExit(f"only {len(SEATED)} of {users} children signed in and sat down{why}")
        gevent.sleep(0.05)
    GO.set()
    parts = dict(part.split("=", 1) for part in args.part or [])
    play = measure(
        args.seconds,
        args.server_pid,
        args.database_cpu,
        {name: int(pid) for name, pid in parts.items()},
    )
    runner.quit()

    if not args.trivial_seconds:
        return {"users": users, "play": play}
    Trivial.path = args.trivial_path
    env2 = Environment(user_classes=[Trivial], events=events, host=args.host)
    runner2 = env2.create_local_runner()
    runner2.start(users, spawn_rate=min(users, 100))
    gevent.sleep(1.0)  # every visitor is up and the workers are warm
    trivial = measure(args.trivial_seconds, args.server_pid)
    runner2.quit()
    return {"users": users, "play": play, "trivial": trivial}


def main() -> None:
    """Entry point of the driver process (see `python -m tools.loadbench`)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", required=True)
    parser.add_argument("--plan", required=True, help="the JSON the seeding wrote")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--trivial-seconds", type=float, default=10)
    parser.add_argument("--trivial-path", default="/")
    parser.add_argument("--poll-ms", type=float, default=700)
    parser.add_argument("--think-ms", type=float, default=0)
    parser.add_argument("--push", action="store_true", help="listen to the event streams")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--server-pid", type=int, action="append", help="an app process (one per host)"
    )
    parser.add_argument(
        "--part", action="append", metavar="NAME=PID", help="another process measured apart"
    )
    parser.add_argument(
        "--database-cpu", action="store_true", help="measure the local PostgreSQL's CPU too"
    )
    parser.add_argument("--signin-timeout", type=float, default=120)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    logging.basicConfig(level=os.environ.get("LOADBENCH_LOG", "WARNING"))
    result = run(args)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
