// "Play with friends": the open tables a child may sit at come and go while the child waits
// (a friend opens one, another fills up). Every few seconds the page asks for itself again and,
// when the tables or their seats changed (the region's data-tables), brings in the new list
// and the new words the speaker button reads. Without JavaScript the page reloads itself
// (its <noscript> refresh).
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var region = document.getElementById("open-tables-region");
    if (!region || !window.fetch || !window.DOMParser) {
      return;
    }
    var every = parseInt(region.getAttribute("data-poll-ms"), 10) || 3000;
    var busy = false;
    var timer = null;

    function swap(fresh) {
      region.setAttribute("data-tables", fresh.getAttribute("data-tables"));
      var list = region.querySelector(".open-tables");
      var freshList = fresh.querySelector(".open-tables");
      if (list && freshList) {
        list.replaceWith(document.importNode(freshList, true));
      }
      var speaker = region.querySelector("[data-speak]");
      var freshSpeaker = fresh.querySelector("[data-speak]");
      if (speaker && freshSpeaker) {
        speaker.setAttribute("data-speak", freshSpeaker.getAttribute("data-speak"));
      }
    }

    function refresh() {
      if (busy || document.hidden) {
        return; // nobody is looking: ask again when the page is in view
      }
      busy = true;
      fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) {
          // Signed out (a redirect to the sign-in pictures) or gone: stop asking.
          if (response.redirected || !response.ok) {
            window.clearInterval(timer);
            return null;
          }
          return response.text();
        })
        .then(function (html) {
          if (html === null) {
            return;
          }
          var page = new DOMParser().parseFromString(html, "text/html");
          var fresh = page.getElementById("open-tables-region");
          if (fresh && fresh.getAttribute("data-tables") !== region.getAttribute("data-tables")) {
            swap(fresh);
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
    document.addEventListener("visibilitychange", refresh);
  });
})();
