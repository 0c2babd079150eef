// The print button of the sign-in cards page (no inline script: the CSP forbids it).
document.addEventListener("DOMContentLoaded", function () {
  var button = document.getElementById("print-button");
  if (button) {
    button.addEventListener("click", function () { window.print(); });
  }
});
