// The number check (templates/check/check.html). The page works without this file: every
// item is a plain form, and a tap on the line's picture (an image input) sends where it
// landed. This adds three things: the exact place however wide the picture is drawn
// (`line_x`, in the picture's own pixels), sending a tap without a page load, and reading
// the next item aloud (after the child's first tap the browser allows speech). No inline
// script (CSP).
(function () {
  "use strict";

  var sending = false;

  function speakers() {
    return document.querySelectorAll("#content [data-speak]");
  }

  // A pointer's tap on the line: where it landed, in the picture's pixels (a keyboard's
  // Enter has event.detail 0 and no place; the server asks again).
  document.addEventListener(
    "click",
    function (event) {
      var line = event.target.closest && event.target.closest("[data-line]");
      if (!line || event.detail === 0) {
        return;
      }
      var rect = line.getBoundingClientRect();
      var width = Number(line.getAttribute("data-width")) || rect.width;
      var field = line.form.querySelector("input[name=line_x]");
      if (field && rect.width > 0) {
        field.value = (((event.clientX - rect.left) / rect.width) * width).toFixed(1);
      }
    },
    true
  );

  // The keyboard on the line: the arrow keys move a mark (a twentieth of the line a press;
  // Home and End go to the ends), Enter places the numeral where the mark is. Without a
  // moved mark, Enter sends 0, 0 and the server asks for a tap.
  function lineParts(line) {
    var box = line.closest(".line-box");
    return {
      marker: box && box.querySelector("[data-line-marker]"),
      place: box && box.querySelector("[data-line-place]"),
      field: line.form.querySelector("input[name=line_x]"),
    };
  }

  function setUpLine() {
    var line = document.querySelector("#content [data-line]");
    if (!line) {
      return;
    }
    var hint = document.querySelector("#content [data-line-keys]");
    if (hint) {
      hint.hidden = false;
      line.setAttribute("aria-describedby", hint.id);
    }
  }

  document.addEventListener("keydown", function (event) {
    var line = event.target.closest && event.target.closest("[data-line]");
    if (!line) {
      return;
    }
    var parts = lineParts(line);
    var width = Number(line.getAttribute("data-width"));
    var start = Number(line.getAttribute("data-start")); // where the line's 0 and its end
    var end = Number(line.getAttribute("data-end")); // are on the picture
    var step = (end - start) / 20;
    var at = Number(line.getAttribute("data-at"));
    if (!line.hasAttribute("data-at")) {
      at = (start + end) / 2;
    }
    if (event.key === "ArrowLeft" || event.key === "ArrowDown") {
      at = Math.max(start, at - step);
    } else if (event.key === "ArrowRight" || event.key === "ArrowUp") {
      at = Math.min(end, at + step);
    } else if (event.key === "Home") {
      at = start;
    } else if (event.key === "End") {
      at = end;
    } else {
      var placing = event.key === "Enter" || event.key === " ";
      if (placing && line.hasAttribute("data-at") && parts.field) {
        parts.field.value = at.toFixed(1); // the click that follows has detail 0: kept
      }
      return;
    }
    event.preventDefault();
    line.setAttribute("data-at", String(at));
    if (parts.marker) {
      parts.marker.hidden = false;
      parts.marker.style.left = ((at / width) * 100).toFixed(2) + "%";
    }
    if (parts.place) {
      var max = Number(line.getAttribute("data-max")) || 10;
      parts.place.textContent = String(Math.round(((at - start) / (end - start)) * max * 2) / 2);
    }
  });

  function show(html, spoken) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var content = fresh.getElementById("content");
    if (!content) {
      return false;
    }
    // importNode, not adoptNode: a copy made by this document loads its images (the line
    // picture of an image input from the parsed page would stay unloaded).
    document.getElementById("content").replaceWith(document.importNode(content, true));
    document.title = fresh.title;
    if (window.speechSynthesis) {
      speakers().forEach(function (button) {
        button.hidden = false;
      });
    }
    setUpLine();
    var heading = document.querySelector("#content [data-item-words]");
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    var speaker = speakers()[0];
    if (spoken && speaker && window.speechSynthesis) {
      speaker.click(); // speech.js reads its words
    }
    return true;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUpLine);
  } else {
    setUpLine();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest && event.target.closest("[data-check-form]");
    if (!form || !window.fetch || !window.DOMParser) {
      return;
    }
    event.preventDefault();
    if (sending) {
      return; // one tap at a time
    }
    sending = true;
    var data;
    try {
      data = new FormData(form, event.submitter || undefined);
    } catch (error) {
      data = new FormData(form);
      if (event.submitter && event.submitter.name && event.submitter.type !== "image") {
        data.append(event.submitter.name, event.submitter.value);
      }
    }
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) {
        // Signed out meanwhile (the tablet was idle): go where the server sends the child.
        if (response.redirected && response.url.indexOf("/me/check/") === -1) {
          window.location.assign(response.url);
          return null;
        }
        return response.text();
      })
      .then(function (html) {
        sending = false;
        if (html !== null && !show(html, true)) {
          window.location.reload();
        }
      })
      .catch(function () {
        sending = false; // no network: the child taps again
      });
  });
})();
