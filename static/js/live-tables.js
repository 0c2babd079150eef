// The teacher's Card tables page: the live tables change while the teacher looks (a turn is
// played, a child opens a table for friends, a game ends). Every few seconds the page asks for
// itself again and, when a table moved on (the section's data-live), swaps in the new list,
// but never under the teacher's hands: not while a box ("End this game") is open, a control of
// the list has the focus, or a choice in it was changed and not sent. Without JavaScript the
// list is as it was when the page loaded (reload for news).
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var section = document.getElementById("live-tables");
    if (!section || !window.fetch || !window.DOMParser) {
      return;
    }
    var every = parseInt(section.getAttribute("data-poll-ms"), 10) || 5000;
    var busy = false;
    var touched = false;
    var timer = null;

    // A choice made in the list (a child to seat, computer players to start with) waits for
    // its button: the list is not swapped from under it.
    section.addEventListener("change", function () {
      touched = true;
    });

    function inUse() {
      return touched || section.querySelector("details[open]") !== null ||
        section.contains(document.activeElement);
    }

    function refresh() {
      if (busy || document.hidden || inUse()) {
        return;
      }
      busy = true;
      fetch(window.location.pathname, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) {
          // Signed out (a redirect to the sign-in page) or the class is gone: stop asking.
          if (response.redirected || !response.ok) {
            window.clearInterval(timer);
            return null;
          }
          return response.text();
        })
        .then(function (html) {
          if (html === null || inUse()) {
            return;
          }
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live-tables");
          if (fresh && fresh.getAttribute("data-live") !== section.getAttribute("data-live")) {
            section.setAttribute("data-live", fresh.getAttribute("data-live"));
            section.innerHTML = fresh.innerHTML;
          }
        })
        .catch(function () {
          // The network came and went: the next tick tries again.
        })
        .then(function () {
          busy = false;
        });
    }

    timer = window.setInterval(refresh, every);
  });
})();
