// The class overview's "Today" panel: asks the server for a fresh copy every few seconds while
// children play, and swaps it in only when it changed; stops when the teacher was signed out
// or the class is gone, rather than show a sign-in page inside the panel. Without JavaScript
// the panel is as it was when the page loaded (reload for news). Needs keep-fresh.js.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var panel = document.getElementById("today-body");
    if (!panel || !window.keepFresh) {
      return;
    }
    var last = null;
    window.keepFresh({
      url: panel.getAttribute("data-url"),
      every: parseInt(panel.getAttribute("data-poll-ms"), 10) || 5000,
      take: function (html) {
        if (html !== last) {
          panel.innerHTML = html;
          last = html;
        }
      },
    });
  });
})();
