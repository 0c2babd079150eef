// One way for a page part to keep up with the server by asking again every few seconds (the
// Card tables' live list, "Play with friends", the overview's Today panel): while the page is
// in view and the part is not in use, fetch `url` and hand the page to `take`; stop for good
// when signed out or the page is gone. One request at a time; a slow or lost one is skipped.
(function () {
  "use strict";

  window.keepFresh = function (options) {
    if (!window.fetch) {
      return;
    }
    var busy = false;
    var inUse = options.inUse || function () { return false; };
    var timer = null;

    function refresh() {
      if (busy || document.hidden || inUse()) {
        return;
      }
      busy = true;
      fetch(options.url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) {
          // Signed out (a redirect to a sign-in page) or gone (a 4xx): stop asking. A server
          // error may pass: skip it, the next tick asks again.
          if (response.redirected || (response.status >= 400 && response.status < 500)) {
            window.clearInterval(timer);
            return null;
          }
          return response.ok ? response.text() : null;
        })
        .then(function (html) {
          if (html !== null && !inUse()) {
            options.take(html);
          }
        })
        .catch(function () {
          // The network came and went: the next tick tries again.
        })
        .then(function () {
          busy = false;
        });
    }

    timer = window.setInterval(refresh, options.every);
    if (options.onShow) {
      document.addEventListener("visibilitychange", refresh);
    }
  };
})();
