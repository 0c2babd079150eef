// The speaker button and the read-aloud switch (templates/play/_speech.html), with the
// browser's speechSynthesis. Without it the buttons stay hidden. No inline script (CSP): load
// this file with <script src defer>.
//
// The read-aloud switch is kept per device (localStorage "read-aloud": "on" or "off"). Until
// it is set, the page says what it starts as: data-read-aloud-default="on" on any element (the
// table pages at Ultra-Peek and Peek). While it is on:
// - tapping anything with data-say reads it;
// - words marked data-read-now are read once the page is open (the end of a round);
// - on a table page, the words of the board (data-spoken: whose turn, what to do) are read by
//   themselves whenever they change on the child's turn, and a computer player's sentence
//   (a story line with data-thought) is read as it arrives, before the prompt it came with;
//   a move the table refused says why ("The table has moved on") before the board's words.
// Browsers let a page speak only after a tap on it: what comes before waits for the first tap.
(function () {
  "use strict";

  var synth = window.speechSynthesis;
  if (!synth || typeof window.SpeechSynthesisUtterance !== "function") {
    return;
  }
  var STORE = "read-aloud";
  var tapped = Boolean(navigator.userActivation && navigator.userActivation.hasBeenActive);
  var waiting = []; // words to read at the first tap
  var lastSpoken = null; // the board's words last read by themselves
  var queued = 0; // words read by themselves, not yet finished

  function utter(text, element) {
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || "en";
    utterance.rate = 0.9; // a little slower, for young listeners
    if (element) {
      element.classList.add("speaking");
      var done = function () {
        element.classList.remove("speaking");
      };
      utterance.onend = done;
      utterance.onerror = done;
    }
    synth.speak(utterance);
    return utterance;
  }

  function say(text, element) {
    text = (text || "").trim();
    if (!text) {
      return;
    }
    waiting = [];
    queued = 0;
    synth.cancel();
    utter(text, element);
  }

  // Read these words one after the other, after what is being read by itself (or instead of
  // it: `interrupt`, for the words of the child's new step, which make older words stale).
  function sayInTurn(texts, interrupt) {
    texts = texts
      .map(function (text) {
        return (text || "").trim();
      })
      .filter(Boolean);
    if (!texts.length || !readAloudOn()) {
      return;
    }
    if (!tapped) {
      waiting = texts;
      return;
    }
    // Let the sentence being read end, unless the reading has fallen behind the table.
    if (interrupt || queued > 1) {
      synth.cancel();
      queued = 0;
    }
    texts.forEach(function (text) {
      queued += 1;
      var utterance = utter(text);
      var done = function () {
        queued = Math.max(0, queued - 1);
      };
      utterance.addEventListener("end", done);
      utterance.addEventListener("error", done);
    });
  }

  function stored() {
    try {
      return window.localStorage.getItem(STORE);
    } catch (error) {
      return null; // storage blocked: the page's default
    }
  }

  function pageDefault() {
    var marked = document.querySelector("[data-read-aloud-default]");
    return marked !== null && marked.getAttribute("data-read-aloud-default") === "on";
  }

  function readAloudOn() {
    var value = stored();
    if (value === "on" || value === "off") {
      return value === "on";
    }
    return pageDefault();
  }

  function setReadAloud(on, toggles, keep) {
    if (keep) {
      try {
        window.localStorage.setItem(STORE, on ? "on" : "off");
      } catch (error) {
        // storage blocked: it still works on this page
      }
    }
    document.documentElement.setAttribute("data-reading", on ? "on" : "off");
    toggles.forEach(function (toggle) {
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  // ------------------------------------------------------------------ a table page's board
  function boardWords() {
    var board = document.querySelector("[data-board]");
    if (!board || board.getAttribute("data-my-turn") !== "yes") {
      return null;
    }
    return board.getAttribute("data-spoken") || null;
  }

  function watchBoard() {
    var region = document.getElementById("board-region");
    if (!region || typeof window.MutationObserver !== "function") {
      return;
    }
    lastSpoken = boardWords();
    if (lastSpoken) {
      sayInTurn([lastSpoken]); // waits for the first tap on a page just opened
    }
    new MutationObserver(function (changes) {
      var thoughts = [];
      changes.forEach(function (change) {
        Array.prototype.forEach.call(change.addedNodes, function (node) {
          if (node.nodeType === 1 && node.matches("li[data-thought]")) {
            thoughts.push(node.getAttribute("data-thought"));
          }
        });
      });
      var words = boardWords();
      var fresh = words && words !== lastSpoken ? [words] : [];
      lastSpoken = words;
      sayInTurn(thoughts.concat(fresh), fresh.length > 0);
    }).observe(region, { childList: true, subtree: true });
  }

  // ------------------------------------------------------------------ a refused move's words
  // A move the table refused (it had moved on: another tablet, a page left behind) shows a
  // sentence above the fresh board that came with it: the sentence is read first, then the
  // board's words.
  function messageWords() {
    var words = document.querySelector("[data-table-message] [data-message-words]");
    return words ? words.textContent.trim() : "";
  }

  function readMessage() {
    var words = messageWords();
    if (!words) {
      return;
    }
    lastSpoken = boardWords();
    sayInTurn([words, lastSpoken], true);
  }

  function watchMessage() {
    var words = document.querySelector("[data-table-message] [data-message-words]");
    if (!words || typeof window.MutationObserver !== "function") {
      return;
    }
    // Made before the board's watcher: a refused move's answer changes both at once, and the
    // watchers are told in the order they were made, so the board's words come second.
    new MutationObserver(readMessage).observe(words, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }

  function start() {
    var toggles = Array.prototype.slice.call(document.querySelectorAll("[data-read-aloud]"));
    document.querySelectorAll("[data-speak]").forEach(function (button) {
      button.hidden = false;
    });
    toggles.forEach(function (toggle) {
      toggle.hidden = false;
    });
    setReadAloud(readAloudOn(), toggles, false);

    var firstTap = function () {
      if (tapped) {
        return;
      }
      tapped = true;
      var texts = waiting;
      waiting = [];
      sayInTurn(texts);
    };
    document.addEventListener("pointerdown", firstTap, true);
    document.addEventListener("keydown", firstTap, true);

    document.addEventListener("click", function (event) {
      var speaker = event.target.closest("[data-speak]");
      if (speaker) {
        say(speaker.getAttribute("data-speak"), speaker);
        return;
      }
      var toggle = event.target.closest("[data-read-aloud]");
      if (toggle) {
        var on = toggle.getAttribute("aria-pressed") !== "true";
        setReadAloud(on, toggles, true);
        if (on) {
          say("I will read to you.");
        } else {
          waiting = [];
          synth.cancel();
        }
        return;
      }
      if (document.documentElement.getAttribute("data-reading") !== "on") {
        return;
      }
      var target = event.target.closest("[data-say]");
      if (target) {
        // Read it, and let the tap do what it does anyway (place a cube, pick a card).
        say(target.getAttribute("data-say") || target.textContent, target);
      }
    });
    watchMessage();
    watchBoard();
    readMessage(); // a page drawn with a refusal (without JavaScript's fetch)
    // Words a page reads by itself once (the end of a round's celebration).
    var now = Array.prototype.map.call(document.querySelectorAll("[data-read-now]"), function (el) {
      return el.getAttribute("data-read-now");
    });
    if (now.length) {
      sayInTurn(now);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
