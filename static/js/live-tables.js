// The teacher's Card tables page: the live tables change while the teacher looks (a turn is
// played, a child opens a table for friends, a game ends). Every few seconds the page asks for
// itself again and, when a table moved on (the section's data-live), swaps in the new list,
// but never under the teacher's hands: not while a box ("End this game") is open, a control of
// the list has the focus, or a choice in it was changed and not sent. Without JavaScript the
// list is as it was when the page loaded (reload for news). Needs keep-fresh.js.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var section = document.getElementById("live-tables");
    if (!section || !window.keepFresh || !window.DOMParser) {
      return;
    }
    var touched = false;

    // A choice made in the list (a child to seat, computer players to start with) waits for
    // its button: the list is not swapped from under it.
    section.addEventListener("change", function () {
      touched = true;
    });

    window.keepFresh({
      url: window.location.pathname,
      every: parseInt(section.getAttribute("data-poll-ms"), 10) || 5000,
      inUse: function () {
        return touched || section.querySelector("details[open]") !== null ||
          section.contains(document.activeElement);
      },
      take: function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live-tables");
        if (fresh && fresh.getAttribute("data-live") !== section.getAttribute("data-live")) {
          section.setAttribute("data-live", fresh.getAttribute("data-live"));
          section.innerHTML = fresh.innerHTML;
        }
      },
    });
  });
})();
