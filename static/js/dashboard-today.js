// The class overview's "Today" panel: asks the server for a fresh copy every few seconds while
// children play, and swaps it in only when it changed. Without JavaScript the panel is as it
// was when the page loaded (reload for news).
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var panel = document.getElementById("today-body");
    if (!panel || !window.fetch) {
      return;
    }
    var url = panel.getAttribute("data-url");
    var every = parseInt(panel.getAttribute("data-poll-ms"), 10) || 5000;
    var last = null;
    var busy = false;
    var timer = null;

    function refresh() {
      if (busy || document.hidden) {
        return; // no need to ask while the tab is not being looked at
      }
      busy = true;
      fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) {
          // A redirect means the teacher was signed out, a 404 that the class is gone: stop,
          // rather than show the sign-in page inside the panel.
          if (response.redirected || response.status === 404) {
            window.clearInterval(timer);
            return null;
          }
          return response.ok ? response.text() : null;
        })
        .then(function (html) {
          if (html !== null && html !== last) {
            panel.innerHTML = html;
            last = html;
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
