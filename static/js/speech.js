// The speaker button and the read-aloud switch (templates/play/_speech.html), with the
// browser's speechSynthesis. Without it the buttons stay hidden. No inline script (CSP): load
// this file with <script src defer>.
//
// Read-aloud is a setting of each child (on unless the teacher turned it off): <body> says it
// (data-read-aloud-default, data-reader; classroom/play/reading.py). The switch on a page
// changes it on this device for that child (localStorage "read-aloud:<child>"), until the
// teacher changes the setting. While it is on:
// - tapping anything with data-say reads it;
// - the page's own words (its speaker marked data-read-page: the counting step, the results,
//   the home page's choices, a sign-in page) and words marked data-read-now are read once the
//   page is open;
// - on a table page in play, the words of the board (data-spoken: whose turn, what to do) are
//   read by themselves whenever they change, and a computer player's sentence
//   (a story line with data-thought) is read as it arrives, before the prompt it came with;
//   a move the table refused says why ("The table has moved on") before the board's words.
// Browsers let a page speak only after a tap on it: what comes before waits for the first tap.
// One thing is read at a time, in order: what a tap reads is never cut off by the next step's
// words, which wait for it.
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
  // One reading at a time, in order: `current` is being read ({text, tap, utterance}), `queue`
  // waits. What a tap reads is never cut off by the words of the step the tap led to: those
  // wait for it (a tap on a card was read, then cut 0.16 s later by the next prompt).
  var queue = [];
  var current = null;

  // The page's language is the child's (<html lang>: "en", "es"). The voice is one of that
  // language ("es-MX", "es-US", "es-ES"...: the device's default one first, then one on the
  // device, then any); with none listed the utterance still carries the language, so the
  // device's own voice for it speaks, and no voice of another language is chosen here for
  // the child's words (docs/languages.md, "Voices").
  var pageLang = (document.documentElement.lang || "en").toLowerCase();
  var voice = null;

  function pickVoice() {
    var voices = typeof synth.getVoices === "function" ? synth.getVoices() || [] : [];
    var mine = Array.prototype.filter.call(voices, function (v) {
      var lang = String(v.lang || "").toLowerCase().replace("_", "-");
      return lang.split("-")[0] === pageLang.split("-")[0];
    });
    voice =
      mine.filter(function (v) { return v.default; })[0] ||
      mine.filter(function (v) { return v.localService; })[0] ||
      mine[0] ||
      null;
    document.documentElement.setAttribute("data-voice", voice ? voice.name + " (" + voice.lang + ")" : "");
  }
  pickVoice();
  if (typeof synth.addEventListener === "function") {
    synth.addEventListener("voiceschanged", pickVoice);
  }

  function utter(text, element) {
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = voice ? voice.lang : pageLang;
    if (voice) {
      utterance.voice = voice;
    }
    utterance.rate = 0.9; // a little slower, for young listeners
    if (element) {
      element.classList.add("speaking");
      var done = function () {
        element.classList.remove("speaking");
      };
      utterance.addEventListener("end", done);
      utterance.addEventListener("error", done);
    }
    return utterance;
  }

  function next() {
    if (current && !synth.speaking && !synth.pending) {
      current = null; // its end was never told (some browsers lose it): it is over all the same
    }
    if (current || !queue.length) {
      return;
    }
    var item = queue.shift();
    var utterance = utter(item.text, item.element);
    current = { text: item.text, tap: item.tap, utterance: utterance };
    var timer = null;
    var over = function () {
      window.clearTimeout(timer);
      if (current && current.utterance === utterance) {
        current = null;
        next();
      }
    };
    utterance.addEventListener("end", over);
    utterance.addEventListener("error", over);
    // Never stuck behind an end that does not come: a sentence is over after its words' time.
    timer = window.setTimeout(over, 4000 + 700 * item.text.split(/\s+/).length);
    synth.speak(utterance);
  }

  // Stop what is being read now (and forget it): nothing of it is heard after this.
  function stopCurrent() {
    if (current) {
      current = null;
      synth.cancel();
    }
  }

  // A tap's words (the speaker button, a card with data-say): read at once, instead of
  // whatever was being read; the next step's words wait until they are over.
  function say(text, element) {
    text = (text || "").trim();
    if (!text) {
      return;
    }
    waiting = [];
    queue = [];
    stopCurrent();
    queue.push({ text: text, element: element, tap: true, at: Date.now() });
    next();
  }

  // Read these words one after the other, after what is being read (`interrupt`: the words of
  // the child's new step, which make older words read by themselves stale; they still wait
  // for the end of a tap's words).
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
      waiting = waiting.concat(texts);
      return;
    }
    // The sentence being read ends first (a step is never cut off); words still waiting are
    // dropped when they are stale (`interrupt`) or the reading has fallen behind the table.
    // (Words queued by the same update, a moment ago, are not stale: the news of a move
    // comes with the board it led to, and is read before it.)
    var now = Date.now();
    if (interrupt || queue.length > 1) {
      queue = queue.filter(function (item) {
        return item.tap || now - item.at < 50;
      });
    }
    texts.forEach(function (text) {
      queue.push({ text: text, element: null, tap: false, at: now });
    });
    next();
  }

  // A child's choice on this device is kept under their own name (a shared tablet), with the
  // teacher's setting it was made against: once the teacher changes the setting, it decides.
  function key() {
    var reader = document.body && document.body.getAttribute("data-reader");
    return reader ? STORE + ":" + reader : STORE;
  }

  function stored() {
    try {
      var value = window.localStorage.getItem(key()) || "";
      var parts = value.split("/");
      return parts[1] === (pageDefault() ? "on" : "off") ? parts[0] : null;
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
        window.localStorage.setItem(key(), (on ? "on" : "off") + "/" + (pageDefault() ? "on" : "off"));
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
  // While the game is in play: whose turn it is and, on the child's turn, what to do (every
  // turn, not only the child's: a child who cannot read hears whose turn it is).
  function boardWords() {
    var board = document.querySelector("[data-board]");
    if (!board || board.getAttribute("data-status") !== "playing") {
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
      // Words already said as the end of the last ones ("Remember these! Your turn! ..." and,
      // once the look is over, "Your turn! ...") are not said again.
      var said = lastSpoken && words && lastSpoken.slice(-words.length) === words;
      var fresh = words && words !== lastSpoken && !said ? [words] : [];
      lastSpoken = words;
      sayInTurn(thoughts.concat(fresh), fresh.length > 0);
    }).observe(region, { childList: true, subtree: true });
  }

  // ------------------------------------------------------------------ the news of the moves
  // Each line of news (another player's move, shown with its card's picture for a few
  // seconds) is read as it comes; not a computer player's sentence, which its story line
  // reads, nor whose turn it is now, which the board's words say.
  function watchNews() {
    var news = document.querySelector("[data-news]");
    if (!news || typeof window.MutationObserver !== "function") {
      return;
    }
    new MutationObserver(function (changes) {
      var lines = [];
      changes.forEach(function (change) {
        Array.prototype.forEach.call(change.addedNodes, function (node) {
          if (
            node.nodeType === 1 &&
            node.matches(".news-line") &&
            !node.matches(".news-thought, [data-turn-news]")
          ) {
            lines.push(node.textContent);
          }
        });
      });
      sayInTurn(lines);
    }).observe(news, { childList: true });
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

    // The words that waited for the first tap are read then, unless that tap was on a speaker
    // button (it reads the page's words itself) or a control (a move, a link: the child has
    // acted, and the step those words told is over; the next one's words come by themselves).
    var firstTap = function (event) {
      if (tapped) {
        return;
      }
      tapped = true;
      var texts = waiting;
      waiting = [];
      if (event.target.closest && event.target.closest("[data-speak], button, a, input, label")) {
        return;
      }
      window.setTimeout(function () {
        sayInTurn(texts);
      }, 0);
    };
    document.addEventListener("click", firstTap, true);
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
          say(toggle.getAttribute("data-read-aloud-on") || "");
        } else {
          waiting = [];
          queue = [];
          stopCurrent();
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
    watchNews();
    // What the page is for, read once as it opens (a speaker marked data-read-page: the
    // counting step, the results, the home page's choices, a sign-in page); a table page in
    // play reads its board's words instead, and again whenever they change.
    if (!boardWords()) {
      sayInTurn(
        Array.prototype.map.call(document.querySelectorAll("[data-speak][data-read-page]"), function (el) {
          return el.getAttribute("data-speak");
        })
      );
    }
    watchBoard();
    readMessage(); // a page drawn with a refusal (without JavaScript's fetch)
    // Words a page reads by itself once (the end of a round's celebration, "Good try!").
    var now = Array.prototype.map.call(document.querySelectorAll("[data-read-now]"), function (el) {
      return el.getAttribute("data-read-now") || el.textContent;
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
