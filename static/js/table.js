// Live updates of a table page (templates/play/table.html): polls the table's JSON with the
// page's version, swaps in the fresh board (rendered by the server for this seat) and shows
// the newest moves briefly; sends moves with fetch and shows "The table has moved on" with the
// fresh board when a move came from a stale page. Without JavaScript every move is a plain
// form and the page refreshes itself while others play.
// A live board comes without the table story: the page keeps its story list and adds the new
// lines each answer brings (`story`, once per version), so the server does not tell the
// whole story again for every seat at every move.
(function () {
  "use strict";

  var region = document.getElementById("board-region");
  if (!region || !window.fetch) {
    return;
  }
  var stateUrl = region.getAttribute("data-state-url");
  var every = parseInt(region.getAttribute("data-poll"), 10) || 700;
  var message = document.querySelector("[data-table-message]");
  var messageWords = message && message.querySelector("[data-message-words]");
  var news = document.querySelector("[data-news]");
  var speakerButton = document.querySelector(".table-top [data-speak]");
  var busy = false; // a poll is under way (or a move is being sent)
  var forcing = false; // a forced refresh is under way
  var leaving = false; // the page is about to show the end of the round
  var hideTimer = null;
  var lastBeat = 0;
  // A SWAP's own card, tapped (data-swap-mine): every board this page asks for shows it chosen
  // (`mine`), so the cards it may swap with are buttons. "" is none yet.
  var chosenSwap = "";
  var swapAsks = 0; // the choices asked for: only the newest one's answer is shown
  var swapKeptAt = ""; // the version whose board was last asked for again with the choice
  var storyVersion = parseInt(version(), 10); // the story holds every line up to this version

  function board() {
    return document.querySelector("[data-board]");
  }

  function version() {
    var b = board();
    return b ? b.getAttribute("data-version") : "-1";
  }

  function status() {
    var b = board();
    return b ? b.getAttribute("data-status") : "";
  }

  function keepStory(kept) {
    var fresh = region.querySelector(".story-list[data-story-kept]");
    if (kept && fresh) {
      fresh.replaceWith(kept);
    }
  }

  function addStory(items, at) {
    var list = region.querySelector(".story-list");
    if (!list || !items || isNaN(at) || at <= storyVersion) {
      return;
    }
    storyVersion = at;
    items.forEach(function (item) {
      list.insertAdjacentHTML("beforeend", item);
    });
    var length = parseInt(list.getAttribute("data-story-length"), 10) || 8;
    while (list.children.length > length) {
      list.removeChild(list.firstElementChild);
    }
  }

  // Moves are seen, not only told: a card travels from the pile to its place, slides
  // between lines on a SWAP, turns over on a look or a PEEK (the Web Animations API; nothing
  // moves when the device prefers reduced motion).
  var still = !Element.prototype.animate ||
    (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

  function placeOf(selector) {
    var element = region.querySelector(selector);
    return element ? element.getBoundingClientRect() : null;
  }

  function slot(seat, position) {
    return region.querySelector(
      '.card-wrap[data-seat="' + seat + '"][data-position="' + position + '"]'
    );
  }

  function travel(element, from) {
    if (!element || !from) {
      return;
    }
    var to = element.getBoundingClientRect();
    var dx = from.left - to.left;
    var dy = from.top - to.top;
    if (Math.abs(dx) + Math.abs(dy) < 4) {
      return;
    }
    element.animate(
      [{ transform: "translate(" + dx + "px, " + dy + "px)", zIndex: 3 }, { transform: "none" }],
      { duration: 500, easing: "ease-out" }
    );
  }

  function turnOver(element) {
    if (element) {
      element.animate(
        [{ transform: "rotateY(90deg)" }, { transform: "none" }],
        { duration: 350, easing: "ease-out" }
      );
    }
  }

  function showMoves(lines, before) {
    if (still || !lines) {
      return;
    }
    lines.forEach(function (line) {
      if (line.kind === "placed") {
        travel(slot(line.seat, line.position), before.hand || before.discard || before.draw);
      } else if (line.kind === "discarded") {
        travel(region.querySelector('[data-pile="discard"]'), before.hand);
      } else if (line.kind === "swapped") {
        var mine = slot(line.seat, line.position);
        var theirs = slot(line.other_seat, line.other_position);
        var mineAt = mine && mine.getBoundingClientRect();
        travel(mine, theirs && theirs.getBoundingClientRect());
        travel(theirs, mineAt);
      } else if (line.kind === "peeked") {
        turnOver(slot(line.seat, line.position));
      }
    });
  }

  // A board of the version already shown (a look's card turning face down, the end of
  // Standard's look at the outside cards) changes only what differs: a whole redraw replaced
  // every button, and a tap begun on the old "Draw a card" ended on a new one and was lost
  // (a browser's click needs the press and the release on one element).
  function patch(into, from) {
    if (into.nodeType !== from.nodeType || into.nodeName !== from.nodeName) {
      into.replaceWith(from);
    } else if (into.nodeType === Node.TEXT_NODE || into.nodeType === Node.COMMENT_NODE) {
      if (into.nodeValue !== from.nodeValue) {
        into.nodeValue = from.nodeValue;
      }
    } else if (into.nodeType === Node.ELEMENT_NODE && !from.hasAttribute("data-story-kept")) {
      // (The page keeps its own story list: a live board brings an empty one.)
      Array.prototype.slice.call(into.attributes).forEach(function (attribute) {
        if (!from.hasAttribute(attribute.name)) {
          into.removeAttribute(attribute.name);
        }
      });
      Array.prototype.slice.call(from.attributes).forEach(function (attribute) {
        if (into.getAttribute(attribute.name) !== attribute.value) {
          into.setAttribute(attribute.name, attribute.value);
        }
      });
      patchChildren(into, from);
    }
  }

  function patchChildren(into, from) {
    var olds = Array.prototype.slice.call(into.childNodes);
    var fresh = Array.prototype.slice.call(from.childNodes);
    if (olds.length !== fresh.length) {
      into.replaceChildren.apply(into, fresh);
      return;
    }
    olds.forEach(function (old, i) {
      patch(old, fresh[i]);
    });
  }

  function show(html, moves) {
    var kept = region.querySelector(".story-list");
    var before = {
      hand: placeOf('[data-pile="hand"]'),
      discard: placeOf('[data-pile="discard"]'),
      draw: placeOf(".pile-draw .card-img"),
    };
    var template = document.createElement("template");
    template.innerHTML = html;
    var incoming = template.content.querySelector("[data-board]");
    var same = incoming && board() && incoming.getAttribute("data-version") === version();
    if (same) {
      patchChildren(region, template.content);
    } else {
      region.replaceChildren(template.content);
    }
    keepStory(kept);
    showMoves(moves, before);
    if (!still && !same) {
      region.querySelectorAll(".card-revealed").forEach(turnOver);
    }
    // The speaker reads the fresh board's words: whose turn it is, then what to do.
    var fresh = board();
    if (speakerButton && fresh && fresh.hasAttribute("data-spoken")) {
      speakerButton.setAttribute("data-speak", fresh.getAttribute("data-spoken"));
    }
    keepSwapChoice();
    watchOutsideLook();
    focusFirstControl(same);
    if (region.querySelector(".card-revealed")) {
      // A look or a PEEK: the card shows for a few seconds, then turns face down again.
      window.clearTimeout(hideTimer);
      hideTimer = window.setTimeout(hideRevealed, 3000);
    }
  }

  // Tapping one's own card for a SWAP asks for the board with that card chosen (its JSON, as a
  // forced refresh asks), not for the whole page: no flash on the tablet, and the page keeps
  // its stream. Without JavaScript the card is a link to the page with `?mine=`, as the
  // answer's board is; if the answer does not come, the link is followed.
  function chooseSwap(position, href) {
    chosenSwap = position;
    var asked = ++swapAsks;
    fetch(stateUrl + "?version=-1" + (position ? "&mine=" + encodeURIComponent(position) : ""), {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) {
        if (movedAway(response)) {
          return null;
        }
        if (!response.ok) {
          throw new Error("no board");
        }
        return response.json();
      })
      .then(function (data) {
        if (data && asked === swapAsks) {
          answer(data, true);
        }
      })
      .catch(function () {
        if (href && asked === swapAsks) {
          window.location.href = href;
        }
      });
  }

  // A board drawn without the child's choice (a pushed one, the answer to a move) while the
  // choice still stands (that card is still offered for the SWAP) is asked for again with it;
  // once the card is not offered (the SWAP was made, or declined), the choice is over.
  function keepSwapChoice() {
    var b = board();
    if (!chosenSwap || !b || b.getAttribute("data-swap-chosen") === chosenSwap) {
      return;
    }
    if (region.querySelector('a[data-swap-mine="' + chosenSwap + '"]')) {
      if (swapKeptAt !== version()) {
        swapKeptAt = version(); // once a version: an answer that again lacks it ends here
        chooseSwap(chosenSwap, null);
      }
    } else {
      chosenSwap = "";
    }
  }

  region.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-swap-mine]") : null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    chooseSwap(link.getAttribute("data-swap-mine"), link.href);
  });

  // Asks for the board without the revealed card, and keeps asking until it is face down: a
  // poll under way (busy) would drop a single forced refresh, and on a slow server one is
  // under way most of the time, so the card stayed face up until someone moved.
  function hideRevealed() {
    if (!region.querySelector(".card-revealed") || leaving) {
      return;
    }
    refresh(true);
    hideTimer = window.setTimeout(hideRevealed, 400);
  }

  // Standard's look at the outside cards lasts a few seconds (data-outside-look, from the
  // server): then the board is asked for again, and the server shows them face down.
  var lookTimer = null;
  function watchOutsideLook() {
    window.clearTimeout(lookTimer);
    var b = board();
    var left = b ? parseInt(b.getAttribute("data-outside-look"), 10) : NaN;
    if (!(left > 0)) {
      return;
    }
    function over() {
      if (forcing) {
        lookTimer = window.setTimeout(over, 400);
        return;
      }
      refresh(true);
    }
    lookTimer = window.setTimeout(over, left * 1000 + 300);
  }

  // After a move (or when a turn comes), keyboard focus goes to the first control of the new
  // step, unless the child is busy elsewhere on the page (the speaker, a link), or on a
  // control that a board of the same version kept.
  function focusFirstControl(same) {
    var active = document.activeElement;
    var lost = !active || active === document.body || !document.contains(active);
    if (!lost && (same || !region.contains(active))) {
      return;
    }
    var first =
      region.querySelector("[data-board] .card-button, [data-board] .move-button:not(.remember-button)") ||
      region.querySelector(".remember-button, .look-button");
    if (first) {
      first.focus({ preventScroll: true });
    }
  }

  // Whose turn it is now, the news says only until a newer board comes (even one that brings
  // no news of its own: the child's own move); that board's banner says it then. "Now it is
  // your turn." must not stay beside the next player's banner after a quick turn. Every
  // other line stays its 4 s, long enough to be read or heard.
  // `all`: the child has just moved, so every line of news is about a board before it (a
  // computer's PEEK still told while the child plays a DRAW 2 contradicts "Your turn!").
  function forgetTurnNews(all) {
    if (!news) {
      return;
    }
    news.querySelectorAll(all ? ".news-line" : "[data-turn-news]").forEach(function (item) {
      item.remove();
    });
  }

  function tell(lines) {
    if (!news || !lines) {
      return;
    }
    lines.slice(-3).forEach(function (line) {
      var item = document.createElement("p");
      item.className = "news-line";
      var thought = line.kind === "thought";
      if (thought && line.picture_src) {
        // A computer player thinking aloud: its picture beside its words (voice.css).
        var face = document.createElement("img");
        face.src = line.picture_src; // the server's address for it
        face.alt = "";
        face.className = "news-face";
        item.appendChild(face);
        item.className = "news-line news-thought";
      } else if (line.card_src) {
        var picture = document.createElement("img");
        picture.src = line.card_src; // the server's address for it
        picture.alt = ""; // the sentence names the card
        picture.className = "news-card";
        item.appendChild(picture);
      }
      item.appendChild(document.createTextNode(line.text));
      if (line.kind === "turn_ended") {
        item.setAttribute("data-turn-news", "");
      }
      news.appendChild(item);
      window.setTimeout(function () {
        item.remove();
      }, 4000);
    });
  }

  function handle(data) {
    if (status() === "open" && data.changed) {
      window.location.reload(); // someone sat down, or the game started
      return;
    }
    if (data.status && data.status !== status() && status() !== "") {
      roundOver(data.status);
      return;
    }
    // Waiting on the results while others count: a classmate who has now counted gets their
    // bar, drawn again by the server (data.bars, for the box data-results-bars) while someone
    // still counts. An answer without bars (nobody is left counting) loads the page again:
    // the round is judged (who won, the kind word) on the whole page.
    if (data.changed && data.status === "counting" && document.querySelector("[data-still-counting]")) {
      var bars = document.querySelector("[data-results-bars]");
      if (!bars || typeof data.bars !== "string") {
        leaving = true;
        window.location.reload();
        return;
      }
      bars.innerHTML = data.bars;
    }
    if (data.html) {
      forgetTurnNews();
      show(data.html, data.moves || data.news);
      addStory(data.story, parseInt(data.version, 10));
    }
    tell(data.news);
  }

  // The round ended (or the game): sounds.js plays its sound, then the page shows the
  // counting or the results.
  function roundOver(next) {
    if (leaving) {
      return;
    }
    leaving = true;
    if (next !== "counting" && next !== "finished") {
      window.location.reload();
      return;
    }
    document.dispatchEvent(new CustomEvent("table:round-over", { detail: { status: next } }));
    window.setTimeout(function () {
      window.location.reload();
    }, 700);
  }

  function heartbeat() {
    // While the child counts the board is not swapped, but the table must still see this
    // seat: a seat unseen for a while is taken for one that left (docs/play.md).
    var now = Date.now();
    if (now - lastBeat < 5000) {
      return;
    }
    lastBeat = now;
    fetch(stateUrl + "?version=" + version(), {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(movedAway)
      .catch(function () {});
  }

  // A JSON request the server answered by sending the page elsewhere: the child was signed
  // out (away too long, CHILD_IDLE_MINUTES), so the tablet goes to the class's pictures.
  // Only the first such answer counts: a poll sent after the sign-out (the tablet is still on
  // its way there, slowly on a busy tablet) is sent to the plain pictures page instead, and
  // must not take the tablet from the class's pictures to there.
  function movedAway(response) {
    if (response.redirected) {
      if (!leaving) {
        leaving = true; // no more polls from this page
        window.location.href = response.url;
      }
      return true;
    }
    return false;
  }

  // A poll's answer, or a pushed one: shown unless it is older than the page (a move's own
  // answer came first); a forced refresh redraws the board whatever its version.
  function answer(data, force) {
    var newer = data && parseInt(data.version, 10) > parseInt(version(), 10);
    if (data && data.yours && newer && !force) {
      // The child's own move, made on another tablet (this page's move answer brings its own
      // version first): ask for the table as a poll would, with the news since this version.
      refresh(false, true);
      return;
    }
    // A forced answer redraws the board at its version, never an older one: a move answered
    // while it was under way has already shown a newer board.
    var older = data && parseInt(data.version, 10) < parseInt(version(), 10);
    if (data && ((data.changed && newer) || (force && !older))) {
      if (status() === "" && data.status !== "open") {
        window.location.reload();
        return;
      }
      handle(data);
    }
  }

  // Pushed updates (data-events-url, from the server's TABLE_PUSH): the server sends the
  // poll's answer each time the table moves on, so the page does not poll at all while the
  // stream is open. If the stream cannot be kept (the server refuses it, the child was
  // signed out), the page goes back to polling, which also notices the sign-out.
  var eventsUrl = region.getAttribute("data-events-url");
  var pushed = null;
  var held = null; // a pushed answer that came while the page was asking (showHeld)
  // A proxy on the way may hold a stream's answers back (buffering them): the page would then
  // hear nothing, neither news nor a poll. The stream sends a heartbeat ("beat") at its open
  // and every few seconds; a page that hears nothing for data-events-quiet milliseconds
  // closes it and polls from then on, as without pushed updates.
  var quietLimit = parseInt(region.getAttribute("data-events-quiet"), 10) || 0;
  var quietTimer = null;
  // A stream that fails again and again (the Wi-Fi gone, the server restarting) is not one
  // held back: the browser would try it five times a second (the stream's `retry`, meant for
  // the moment a stream ends and the next begins). After a few failures in a row the page
  // polls meanwhile and opens the stream again itself, less and less often.
  var failures = 0;
  var backoff = 0; // milliseconds before the page's next try of its stream
  var retryTimer = null;
  function heard() {
    failures = 0;
    backoff = 0;
    region.removeAttribute("data-events-failing");
    waitToHear();
  }
  function waitToHear() {
    window.clearTimeout(quietTimer);
    if (pushed && quietLimit > 0) {
      quietTimer = window.setTimeout(stopListening, quietLimit);
    }
  }
  function closeStream() {
    window.clearTimeout(quietTimer);
    if (pushed) {
      pushed.close();
      pushed = null;
    }
  }
  function stopListening() {
    if (pushed) {
      closeStream();
      region.setAttribute("data-events-given-up", "");
    }
  }
  function listen() {
    if (!eventsUrl || !window.EventSource || leaving) {
      return;
    }
    pushed = new EventSource(eventsUrl + "?version=" + version());
    waitToHear(); // the time to hear the first heartbeat starts now
    pushed.addEventListener("beat", heard);
    pushed.onmessage = function (event) {
      heard();
      var data = null;
      try {
        data = JSON.parse(event.data);
      } catch (problem) {
        return; // not an answer this page knows: the next one, or a reload, brings the table
      }
      if (leaving || region.hasAttribute("data-paused")) {
        return; // the child counts: the count's own page comes next
      }
      if (busy) {
        held = data; // a move or a poll is under way: shown after its answer, if newer
        return;
      }
      answer(data, false);
    };
    pushed.onerror = function () {
      // An ended stream the browser opens again at once; a failing one is no stream held
      // back on the way, so the wait to hear it starts again. A refused one (a proxy's 502
      // while the server restarts; pushed updates turned off; a sign-out, which the polls
      // notice) the browser closes for good: the page polls, and tries it again later.
      var refused = pushed !== null && pushed.readyState === EventSource.CLOSED;
      failures += 1;
      waitToHear();
      if (refused || failures >= 3) {
        closeStream();
        region.setAttribute("data-events-failing", "");
        backoff = Math.min(backoff ? backoff * 2 : 2000, 30000);
        retryTimer = window.setTimeout(listen, backoff);
      }
    };
  }
  // Closed before the page goes (a reload, a tap that opens another page): a browser may
  // keep an abandoned stream's connection open to read it out, and a tablet has only six
  // connections to the server for the pages' moves.
  window.addEventListener("pagehide", function () {
    window.clearTimeout(retryTimer);
    closeStream();
  });

  function refresh(force, anyway) {
    if (leaving) {
      return;
    }
    if (pushed && !force && !anyway) {
      return; // the stream brings the news and notes the seat (counting too)
    }
    if (region.hasAttribute("data-paused")) {
      heartbeat();
      return;
    }
    // A forced refresh (a card turns back) does not wait for a poll under way. One of each
    // kind at a time.
    if (force ? forcing : busy) {
      return;
    }
    if (force) {
      forcing = true;
    } else {
      busy = true;
    }
    var asked = version();
    var url = stateUrl + "?version=" + (force ? "-1" : asked);
    if (chosenSwap) {
      url += "&mine=" + encodeURIComponent(chosenSwap);
    }
    var mine = !force;
    var again = false;
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (movedAway(response)) {
          return null;
        }
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        if (mine && data && data.news && version() !== asked) {
          // The page moved on while this poll was out (the answer to the child's move came
          // first): its news, since the version it asked from, would tell again what the page
          // has told, or the child's own move as news. Asked again from where the page is.
          again = true;
          return;
        }
        answer(data, force);
      })
      .catch(function () {})
      .then(function () {
        if (mine) {
          busy = false;
          showHeld();
          if (again) {
            refresh(false, true);
          }
        } else {
          forcing = false;
        }
      });
  }

  // A pushed answer that came while this page was asking (a move, or a poll after the
  // child's move on another tablet): shown now, if still newer than what the page has.
  function showHeld() {
    if (held) {
      var kept = held;
      held = null;
      answer(kept, false);
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-move") || !region.contains(form)) {
      return;
    }
    event.preventDefault();
    busy = true;
    var button = form.querySelector("button");
    if (button) {
      button.disabled = true;
    }
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) {
        if (movedAway(response)) {
          return null;
        }
        return response.json();
      })
      .then(function (data) {
        if (data === null) {
          return;
        }
        if (messageWords) {
          // speech.js reads the words aloud as they appear (read-aloud on).
          messageWords.textContent = data.ok ? "" : data.message || "";
          message.hidden = !messageWords.textContent;
        }
        if (data.ok) {
          forgetTurnNews(true);
        }
        // An answer older than the board shown (a poll sent before the move came back first,
        // with a computer player's move after it) is not drawn: the page would step back, and
        // its next poll tell that newer move again.
        if (parseInt(data.version, 10) < parseInt(version(), 10)) {
          return;
        }
        handle(data);
      })
      .catch(function () {
        window.location.reload();
      })
      .then(function () {
        busy = false;
        showHeld();
      });
  });

  watchOutsideLook();
  listen();

  window.setInterval(function () {
    refresh(false);
  }, every);
})();
