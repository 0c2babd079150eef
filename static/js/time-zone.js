// The class form: a new class's time zone field starts with this browser's zone, which the
// teacher can change. Without JavaScript the field stays empty and the class keeps UTC.
(function () {
  "use strict";
  var field = document.querySelector('input[data-browser-zone="fill"]');
  if (!field || field.value) {
    return;
  }
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) {
      field.value = zone;
    }
  } catch (error) {
    // An old browser without Intl time zones: the field stays empty (UTC).
  }
})();
