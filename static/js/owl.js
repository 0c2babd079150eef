// The owl who cheers the child's good choice (templates/play/_owl.html, docs/play.md "The
// owl"). The server decides what a good choice is (a right comparison, judged as the
// insights judge it) and tells only the seat that made it: a story line with data-good,
// which table.js adds to the page's story whether it came with the move's answer, a poll or
// the stream. This script never judges a move; it only shows the owl when such a line comes.
//
// - The owl is shown beside the child's own line, in the room right of its last card, so it
//   covers no word and no control; where there is no such room, only the sound plays.
// - It hops and flaps for about a second (CSS); with prefers-reduced-motion nothing moves:
//   a still picture, as long.
// - The sound is sounds.js's (data-good), muted with the sounds switch.
// - Each cheer is announced as a "table:owl" event on the document (what tests see).
// No inline script (CSP): <script src defer>.
(function () {
  "use strict";

  var owl = document.querySelector("[data-owl]");
  var region = document.getElementById("board-region");
  if (!owl || !region || typeof window.MutationObserver !== "function") {
    return;
  }
  var said = owl.querySelector("[data-owl-said]");
  var picture = owl.querySelector(".owl-picture");
  var SHOWN_MS = 2200; // long enough to be seen, short enough to be gone by the next turn
  var MIN_ROOM = 72; // the smallest owl worth showing, in CSS pixels
  var hideTimer = null;

  // Where the owl goes: inside the child's line's box, right of everything shown in it (its
  // cards, their Look buttons, Standard's "Remember these!"), so it covers none of them.
  function room() {
    var box = region.querySelector(".my-line");
    var cards = region.querySelectorAll(".my-line .line > *");
    if (!box || !cards.length) {
      return null;
    }
    var line = box.getBoundingClientRect();
    var last = cards[cards.length - 1].getBoundingClientRect();
    var edge = last.right;
    var shownParts = "img, svg, button, p, a, .card-place, .seat-head *";
    box.querySelectorAll(shownParts).forEach(function (shown) {
      var at = shown.getBoundingClientRect();
      if (at.width > 0 && at.height > 0) {
        edge = Math.max(edge, at.right);
      }
    });
    var gap = 12;
    var words = 30; // the line of words under the picture
    var width = line.right - edge - 2 * gap;
    // Below a row of the box that reaches over the owl's place ("Remember these!").
    var floor = line.top + gap;
    box.querySelectorAll(".remember, .seat-head").forEach(function (row) {
      var at = row.getBoundingClientRect();
      if (at.height > 0 && at.right > edge + gap && at.left < line.right - gap) {
        floor = Math.max(floor, at.bottom + gap / 2);
      }
    });
    var height = line.bottom - gap - floor;
    // The picture is 120 by 112: as big as the room allows, up to 140 wide.
    var size = Math.min(140, width, ((height - words) * 120) / 112);
    if (size < MIN_ROOM) {
      return null;
    }
    var tall = (size * 112) / 120 + words;
    return {
      width: Math.min(width, 200),
      left: edge + gap,
      top: Math.min(Math.max(floor, last.top + (last.height - tall) / 2), line.bottom - gap - tall),
      size: size,
    };
  }

  function hide() {
    owl.hidden = true;
    owl.classList.remove("cheering");
    if (said) {
      said.textContent = "";
    }
  }

  function cheer() {
    var place = room();
    document.dispatchEvent(new CustomEvent("table:owl", { detail: { shown: !!place } }));
    if (!place) {
      return;
    }
    window.clearTimeout(hideTimer);
    owl.classList.remove("cheering");
    owl.hidden = false; // shown first: a hidden element has no offsetParent
    var origin = (owl.offsetParent || document.body).getBoundingClientRect();
    owl.style.left = place.left - origin.left + "px";
    owl.style.top = place.top - origin.top + "px";
    owl.style.width = place.width + "px";
    picture.style.width = place.size + "px";
    if (said) {
      said.textContent = owl.getAttribute("data-owl-words") || "";
      // Words wider than the room would reach over the cards: then the picture alone.
      said.hidden = said.scrollWidth > place.width;
    }
    void owl.offsetWidth; // the animation starts again for a second cheer in a row
    owl.classList.add("cheering");
    hideTimer = window.setTimeout(hide, SHOWN_MS);
  }

  new MutationObserver(function (changes) {
    var good = changes.some(function (change) {
      return Array.prototype.some.call(change.addedNodes, function (node) {
        return node.nodeType === 1 && node.matches("li[data-good]");
      });
    });
    if (good) {
      cheer();
    }
  }).observe(region, { childList: true, subtree: true });

  // A whole page (a reload) tells the story from the round's start: those lines are past
  // cheers, already given, and are not cheered again (only lines added from now on are).
})();
