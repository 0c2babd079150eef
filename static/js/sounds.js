// Short sounds at a table (templates/play/table.html), made in the browser with the Web Audio
// API: no sound files. A card drawn or taken, a card put in place or on the DISCARD pile,
// the owl's chirp for the child's own good choice, "Rat-a-Tat-Cat!" and the end of a round.
// No inline script (CSP): <script src defer>.
//
// - The sounds switch ([data-sounds], aria-pressed) is kept per device (localStorage
//   "sounds": "on" or "off"; on until a child turns it off). Muted, nothing plays.
// - Nothing plays before the child's first tap on the page (browsers' autoplay rule): the
//   AudioContext is made at that tap, and sounds asked for before it are dropped, not saved.
// - What happened comes from the story lines the page adds (data-kind: the engine's event),
//   the child's own moves included; the end of a round from table.js's "table:round-over".
// - Each sound played is announced as a "table:sound" event on the document (what tests see).
(function () {
  "use strict";

  var Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) {
    return;
  }
  var STORE = "sounds";
  var audio = null; // made at the first tap
  var toggles = [];

  // name: [frequency (Hz), start (s), length (s), wave], short notes of each sound
  var SOUNDS = {
    draw: [
      [520, 0, 0.07, "sine"],
      [780, 0.06, 0.09, "sine"],
    ],
    place: [
      [330, 0, 0.09, "triangle"],
      [220, 0.05, 0.1, "triangle"],
    ],
    call: [
      [523, 0, 0.12, "square"],
      [659, 0.12, 0.12, "square"],
      [784, 0.24, 0.22, "square"],
    ],
    // The owl's cheer for a good choice (owl.js): a short rising chirp.
    good: [
      [784, 0, 0.08, "sine"],
      [988, 0.08, 0.08, "sine"],
      [1319, 0.16, 0.16, "sine"],
    ],
    round: [
      [392, 0, 0.14, "triangle"],
      [523, 0.14, 0.14, "triangle"],
      [659, 0.28, 0.14, "triangle"],
      [784, 0.42, 0.3, "triangle"],
    ],
  };
  // The engine's events (story lines' data-kind) and the sound each makes.
  var KINDS = {
    drew: "draw",
    took_discard: "draw",
    placed: "place",
    discarded: "place",
    swapped: "place",
    called: "call",
    round_ended: "round",
    game_ended: "round",
  };
  // One sound per update: the biggest. The owl's chirp stands for the child's own placing.
  var RANK = { draw: 1, place: 2, good: 3, call: 4, round: 5 };

  function soundsOn() {
    try {
      return window.localStorage.getItem(STORE) !== "off";
    } catch (error) {
      return true;
    }
  }

  function show(on) {
    toggles.forEach(function (toggle) {
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function play(name) {
    var notes = SOUNDS[name];
    if (!notes || !audio || !soundsOn()) {
      return;
    }
    var now = audio.currentTime + 0.01;
    notes.forEach(function (note) {
      var oscillator = audio.createOscillator();
      var gain = audio.createGain();
      oscillator.type = note[3];
      oscillator.frequency.setValueAtTime(note[0], now + note[1]);
      // A soft start and a quick fade: a click-free little note, not loud.
      gain.gain.setValueAtTime(0.0001, now + note[1]);
      gain.gain.exponentialRampToValueAtTime(0.18, now + note[1] + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note[1] + note[2]);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(now + note[1]);
      oscillator.stop(now + note[1] + note[2] + 0.02);
    });
    document.dispatchEvent(new CustomEvent("table:sound", { detail: { sound: name } }));
  }

  function wake() {
    // The first tap: now the page may make sounds.
    if (!audio) {
      try {
        audio = new Context();
      } catch (error) {
        audio = null;
        return;
      }
    }
    if (audio.state === "suspended" && typeof audio.resume === "function") {
      audio.resume();
    }
  }

  function watch() {
    var region = document.getElementById("board-region");
    if (!region || typeof window.MutationObserver !== "function") {
      return;
    }
    new MutationObserver(function (changes) {
      var best = null;
      changes.forEach(function (change) {
        Array.prototype.forEach.call(change.addedNodes, function (node) {
          if (node.nodeType !== 1 || !node.matches("li[data-kind]")) {
            return;
          }
          // A line marked data-good is the child's own right comparison (the server's
          // judgement, told to this seat only): the owl's chirp.
          var name = node.hasAttribute("data-good") ? "good" : KINDS[node.getAttribute("data-kind")];
          if (name && (!best || RANK[name] > RANK[best])) {
            best = name;
          }
        });
      });
      if (best) {
        play(best);
      }
    }).observe(region, { childList: true, subtree: true });
  }

  function start() {
    toggles = Array.prototype.slice.call(document.querySelectorAll("[data-sounds]"));
    toggles.forEach(function (toggle) {
      toggle.hidden = false;
    });
    show(soundsOn());
    document.addEventListener("pointerdown", wake, true);
    document.addEventListener("keydown", wake, true);
    document.addEventListener("click", function (event) {
      var toggle = event.target.closest("[data-sounds]");
      if (!toggle) {
        return;
      }
      var on = toggle.getAttribute("aria-pressed") !== "true";
      try {
        window.localStorage.setItem(STORE, on ? "on" : "off");
      } catch (error) {
        // storage blocked: it still works on this page
      }
      show(on);
      if (on) {
        play("place");
      }
    });
    document.addEventListener("table:round-over", function () {
      play("round");
    });
    watch();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
