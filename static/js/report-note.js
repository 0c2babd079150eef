// The teacher's sentence on a progress report is never sent to the server, but it must not
// be lost when the teacher changes the paper, the period or the language (each loads a new
// page): it is kept in this browser tab only (sessionStorage), per child, and put back.
(function () {
  "use strict";
  var box = document.getElementById("teacher-note");
  if (!box) {
    return;
  }
  var key = "report-note:" + box.getAttribute("data-child");
  try {
    var kept = window.sessionStorage.getItem(key);
    if (kept && !box.value) {
      box.value = kept;
    }
  } catch (error) {
    // Storage refused (a private window): the box still works on this page.
  }
  box.addEventListener("input", function () {
    try {
      window.sessionStorage.setItem(key, box.value);
    } catch (error) {
      // Nothing to do: the sentence stays on this page.
    }
  });
})();
