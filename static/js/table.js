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
  var news = document.querySelector("[data-news]");
  var speakerButton = document.querySelector(".table-top [data-speak]");
  var busy = false;
  var hideTimer = null;
  var lastBeat = 0;
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

  function show(html) {
    var kept = region.querySelector(".story-list");
    region.innerHTML = html;
    keepStory(kept);
    // The speaker reads the fresh board's words: whose turn it is, then what to do.
    var fresh = board();
    if (speakerButton && fresh && fresh.hasAttribute("data-spoken")) {
      speakerButton.setAttribute("data-speak", fresh.getAttribute("data-spoken"));
    }
    if (region.querySelector(".card-revealed")) {
      // A look or a PEEK: the card shows for a few seconds, then turns face down again.
      window.clearTimeout(hideTimer);
      hideTimer = window.setTimeout(function () {
        refresh(true);
      }, 3000);
    }
  }

  function tell(lines) {
    if (!news || !lines) {
      return;
    }
    lines.slice(-3).forEach(function (line) {
      var item = document.createElement("p");
      item.className = "news-line";
      if (line.card !== null && line.card !== undefined) {
        var picture = document.createElement("img");
        var files = { 10: "peek", 11: "swap", 12: "draw2" };
        picture.src = "/static/cards/" + (files[line.card] || line.card) + ".svg";
        picture.alt = ""; // the sentence names the card
        picture.className = "news-card";
        item.appendChild(picture);
      }
      item.appendChild(document.createTextNode(line.text));
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
      window.location.reload();
      return;
    }
    if (data.html) {
      show(data.html);
      addStory(data.story, parseInt(data.version, 10));
    }
    tell(data.news);
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
  function movedAway(response) {
    if (response.redirected) {
      window.location.href = response.url;
      return true;
    }
    return false;
  }

  function refresh(force) {
    if (region.hasAttribute("data-paused")) {
      heartbeat();
      return;
    }
    if (busy) {
      return;
    }
    busy = true;
    var url = stateUrl + "?version=" + (force ? "-1" : version());
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (movedAway(response)) {
          return null;
        }
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        // An answer older than the page (a move's answer came first) changes nothing.
        var newer = data && parseInt(data.version, 10) > parseInt(version(), 10);
        if (data && ((data.changed && newer) || force)) {
          if (status() === "" && data.status !== "open") {
            window.location.reload();
            return;
          }
          handle(data);
        }
      })
      .catch(function () {})
      .then(function () {
        busy = false;
      });
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
        if (message) {
          message.textContent = data.ok ? "" : data.message || "";
        }
        handle(data);
      })
      .catch(function () {
        window.location.reload();
      })
      .then(function () {
        busy = false;
      });
  });

  window.setInterval(function () {
    refresh(false);
  }, every);
})();
