// The speaker button and "read aloud" (templates/play/_speech.html), with the browser's
// speechSynthesis. Without it the buttons stay hidden. No inline script (CSP): load this file
// with <script src defer>.
(function () {
  "use strict";

  var synth = window.speechSynthesis;
  if (!synth || typeof window.SpeechSynthesisUtterance !== "function") {
    return;
  }
  var STORE = "read-aloud";

  function say(text, element) {
    text = (text || "").trim();
    if (!text) {
      return;
    }
    synth.cancel();
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
  }

  function readAloudOn() {
    try {
      return window.localStorage.getItem(STORE) === "on";
    } catch (error) {
      return false; // storage blocked: read aloud starts off
    }
  }

  function setReadAloud(on, toggles) {
    try {
      window.localStorage.setItem(STORE, on ? "on" : "off");
    } catch (error) {
      // storage blocked: it still works on this page
    }
    document.documentElement.setAttribute("data-reading", on ? "on" : "off");
    toggles.forEach(function (toggle) {
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
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
    setReadAloud(readAloudOn(), toggles);

    document.addEventListener("click", function (event) {
      var speaker = event.target.closest("[data-speak]");
      if (speaker) {
        say(speaker.getAttribute("data-speak"), speaker);
        return;
      }
      var toggle = event.target.closest("[data-read-aloud]");
      if (toggle) {
        var on = toggle.getAttribute("aria-pressed") !== "true";
        setReadAloud(on, toggles);
        if (on) {
          say("I will read what you tap.");
        } else {
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
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
