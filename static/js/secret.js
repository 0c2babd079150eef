// The secret pictures (templates/signin/secret.html): each tap posts the form, and the next
// page counts it. A second tap while that page is on its way would post the page being left,
// without the first picture, and the child would be told to try again; so until the next
// page comes, a tap waits its turn: the tapped picture stays pressed, and the child taps again
// on the page that counted the first.
(function () {
  "use strict";

  var form = document.querySelector("form.secret-grid");
  if (!form) {
    return;
  }
  var sent = false;
  var release = null;

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
    sent = true;
    if (event.submitter) {
      event.submitter.classList.add("tapped");
    }
    // A post that never came back (the network dropped it) must not leave the page dead.
    window.clearTimeout(release);
    release = window.setTimeout(ready, 8000);
  });
  // Back to this page from the browser's history: it may be tapped again.
  window.addEventListener("pageshow", ready);
})();
