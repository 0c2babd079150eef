// The assignment form offers only the options the chosen level has: a block marked
// data-levels="peek outside_peek standard" (from the engine, classroom/assign/views.py) is
// hidden while another level is chosen. Without JavaScript every option shows, with its note.
(function () {
  "use strict";
  var form = document.querySelector(".assignment-form");
  if (!form) {
    return;
  }
  function update() {
    var chosen = form.querySelector('input[name="level"]:checked');
    form.querySelectorAll(".level-option[data-levels]").forEach(function (block) {
      var levels = block.getAttribute("data-levels").split(" ");
      block.hidden = chosen !== null && levels.indexOf(chosen.value) === -1;
    });
  }
  form.addEventListener("change", update);
  update();
})();
