// "Play with the computer" (templates/play/computer.html): each computer player is a
// checkbox drawn as a picture button, and exactly the ones picked sit at the table. This keeps
// the pick one the server takes: once `data-most` are picked the others are dimmed and cannot
// be tapped, and Play! waits until at least one is picked. Without it the form still works;
// the server refuses a pick it cannot seat (400, with a sentence saying why).
(function () {
  "use strict";

  var form = document.querySelector("form.choose-players[data-most]");
  if (!form) {
    return;
  }
  var most = parseInt(form.getAttribute("data-most"), 10);
  var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=player]"));
  var play = form.querySelector("button[type=submit]");

  function update() {
    var picked = boxes.filter(function (box) { return box.checked; }).length;
    boxes.forEach(function (box) {
      box.disabled = !box.checked && picked >= most;
    });
    if (play) {
      play.disabled = picked === 0;
    }
  }

  boxes.forEach(function (box) {
    box.addEventListener("change", update);
  });
  // A page restored by the back button keeps its ticks: dim and enable to match them.
  window.addEventListener("pageshow", update);
  update();
})();
