// A form offers only the options its chosen level has (the assignment form, the teacher's
// table set-up): a block marked data-levels="peek outside_peek standard" (from the engine's
// Level.options(), never written here) is hidden while another level is chosen; a block
// marked data-needs="draw2" is hidden while power cards are off. While no level is chosen
// ("the children's own level") every block shows. Without JavaScript every option shows, with
// its note, and the server leaves out what the level does not have.
(function () {
  "use strict";
  function watch(form) {
    function update() {
      var chosen = form.querySelector('input[name="level"]:checked');
      var level = chosen === null ? "" : chosen.value;
      var powersOff = form.querySelector('input[name="power_cards"][value="off"]:checked') !== null;
      form.querySelectorAll("[data-levels]").forEach(function (block) {
        var levels = block.getAttribute("data-levels").split(" ");
        var wrongLevel = level !== "" && levels.indexOf(level) === -1;
        var needsPowers = (block.getAttribute("data-needs") || "").split(" ").indexOf("draw2") !== -1;
        block.hidden = wrongLevel || (needsPowers && powersOff);
      });
    }
    form.addEventListener("change", update);
    update();
  }
  document.querySelectorAll(".assignment-form, .table-setup").forEach(watch);
})();
