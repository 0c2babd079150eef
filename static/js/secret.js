// The secret pictures (templates/signin/secret.html). Without JavaScript each tap posts the
// form, and the next page counts it (the pictures tapped so far ride in its `picked` field).
// Here the page counts the taps itself: each picture but the last goes into `picked` and fills
// a dot at once, and the last one posts them all together; the server checks the whole
// sequence as before. So a quick child never waits for a page between two pictures, and no
// tap is lost on a page being left. Once the last picture is sent, further taps wait for the
// answer (the tapped picture stays pressed); a post that never comes back frees the page
// after 8 s.
(function () {
  "use strict";

  var form = document.querySelector("form.secret-grid");
  var progress = document.querySelector("ol.progress");
  if (!form || !progress) {
    return;
  }
  var picked = form.querySelector("input[name='picked']");
  var dots = progress.querySelectorAll(".dot");
  var needed = dots.length;
  var sent = false;
  var release = null;

  function picks() {
    return picked.value ? picked.value.split(",") : [];
  }

  function show(count) {
    dots.forEach(function (dot, step) {
      var done = step < count;
      dot.classList.toggle("done", done);
      var words = dot.querySelector(".visually-hidden");
      if (words) {
        words.textContent = progress.getAttribute(done ? "data-done" : "data-not-yet");
      }
    });
    progress.setAttribute("aria-label", count + progress.getAttribute("data-of-needed"));
  }

  function ready() {
    sent = false;
    form.querySelectorAll(".secret-tile.tapped").forEach(function (tile) {
      tile.classList.remove("tapped");
    });
  }

  form.addEventListener("submit", function (event) {
    if (sent) {
      event.preventDefault();
      return;
    }
    var tile = event.submitter;
    var sofar = picks();
    if (tile && tile.value && sofar.length + 1 < needed) {
      // Not the last picture yet: counted here, no page to wait for.
      event.preventDefault();
      sofar.push(tile.value);
      picked.value = sofar.join(",");
      show(sofar.length);
      tile.classList.remove("counted");
      void tile.offsetWidth; // the press shows again for the same picture tapped twice
      tile.classList.add("counted");
      return;
    }
    sent = true;
    if (tile) {
      tile.classList.add("tapped");
    }
    window.clearTimeout(release);
    release = window.setTimeout(ready, 8000);
  });

  // Back to this page from the browser's history: as the server drew it, tapped afresh.
  window.addEventListener("pageshow", function () {
    picked.value = picked.defaultValue;
    show(picks().length);
    ready();
  });
})();
