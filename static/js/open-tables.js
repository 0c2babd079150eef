// "Play with friends": the open tables a child may sit at come and go while the child waits
// (a friend opens one, another fills up). Every few seconds the page asks for itself again and,
// when the tables or their seats changed (the region's data-tables), brings in the new list
// and the new words the speaker button reads. Without JavaScript the page reloads itself
// (its <noscript> refresh). Needs keep-fresh.js.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    var region = document.getElementById("open-tables-region");
    if (!region || !window.keepFresh || !window.DOMParser) {
      return;
    }

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

    window.keepFresh({
      url: window.location.href,
      every: parseInt(region.getAttribute("data-poll-ms"), 10) || 3000,
      onShow: true,
      take: function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("open-tables-region");
        if (fresh && fresh.getAttribute("data-tables") !== region.getAttribute("data-tables")) {
          swap(fresh);
        }
      },
    });
  });
})();
