// A table page without a live board (a round's results, before "Next round!"): tells the
// table now and then that this child's page is still there, so a child taking their time over
// the results is not taken for one who left the table and given a stand-in (docs/play.md,
// "A child who leaves"). The request is the live board's own poll (data-here-url), at the
// pace the server notes a seat as seen (data-here-every); a sign-out on the way takes the
// tablet where the server sends it, as table.js does.
(function () {
  "use strict";

  var here = document.querySelector("[data-here-url]");
  if (!here || !window.fetch) {
    return;
  }
  var url = here.getAttribute("data-here-url");
  var every = parseInt(here.getAttribute("data-here-every"), 10) || 10000;
  var leaving = false;
  window.setInterval(function () {
    if (leaving) {
      return;
    }
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (response.redirected && !leaving) {
          leaving = true;
          window.location.href = response.url;
        }
      })
      .catch(function () {});
  }, every);
})();
