// Counting with cube bars, made instant. The forms of templates/play/_cubes.html work without
// this file (each + / - cube posts and the page comes back); with it, a tap on a card's stack
// (or a cube dragged onto it) adds a cube at once, "Snap the bar!" posts the counts, and the
// keypad types the total. Whether a stack matches its card is the server's to say, after the
// snap ("Let's count again", counting.record_count): the first snap is the child's own try.
// No inline script anywhere (the CSP forbids it): this file is loaded with <script src defer>.
(function () {
  "use strict";

  // Every word said here comes from the page, in the child's language (_cubes.html).
  function words(form, name, values) {
    var text = form.getAttribute(name) || "";
    Object.keys(values || {}).forEach(function (key) {
      text = text.split("{" + key + "}").join(String(values[key]));
    });
    return text;
  }

  function setUpCounting(form) {
    function plural(n) {
      return n + " " + words(form, n === 1 ? "data-cube-one" : "data-cube-many");
    }

    var max = parseInt(form.getAttribute("data-max"), 10) || 12;
    var live = form.querySelector("[data-count-live]");
    var cards = Array.prototype.slice.call(form.querySelectorAll(".count-card"));

    function parts(card) {
      return {
        place: card.getAttribute("data-place"),
        value: parseInt(card.getAttribute("data-value"), 10),
        input: card.querySelector("[data-cubes]"),
        stack: card.querySelector("[data-stack]"),
        name: card.querySelector("[data-count-name]"),
        hint: card.querySelector("[data-hint]"),
        add: card.querySelector("[data-add]"),
        remove: card.querySelector("[data-remove]"),
      };
    }

    function cubesOn(card) {
      return parseInt(parts(card).input.value, 10) || 0;
    }

    function draw(card, added) {
      var p = parts(card);
      var n = cubesOn(card);
      var cubes = p.stack.querySelectorAll(".cube");
      // Keep the cubes already there (so only the new one drops in), add or remove the rest.
      for (var i = cubes.length; i < n; i++) {
        var cube = document.createElement("span");
        cube.className = "cube cube-blue" + (added ? " cube-new" : "");
        p.stack.appendChild(cube);
      }
      for (var j = cubes.length - 1; j >= n; j--) {
        p.stack.removeChild(cubes[j]);
      }
      cubes = p.stack.querySelectorAll(".cube");
      for (var k = 0; k < cubes.length; k++) {
        cubes[k].classList.toggle("cube-fifth", k % 5 === 4 && k + 1 < cubes.length);
      }
      p.name.textContent = words(form, "data-card-words", { place: p.place, value: p.value, cubes: plural(n) });
      if (p.add) {
        p.add.setAttribute("aria-disabled", n >= max ? "true" : "false");
      }
      if (p.remove) {
        p.remove.setAttribute("aria-disabled", n === 0 ? "true" : "false");
      }
    }

    function change(card, by) {
      var p = parts(card);
      var n = cubesOn(card);
      if (by > 0 && p.value === 0) {
        p.hint.textContent = words(form, "data-zero-words");
        return;
      }
      var next = Math.max(0, Math.min(max, n + by));
      if (next === n) {
        return;
      }
      p.input.value = String(next);
      draw(card, by > 0);
      live.textContent = words(form, "data-place-words", { place: p.place, cubes: plural(next) });
    }

    form.classList.add("js");
    var tray = form.querySelector("[data-cube-tray]"); // shown from the first paint
    cards.forEach(function (card) {
      var p = parts(card);
      if (!p.remove) {
        return; // the 0 card with no cubes: nothing to press
      }
      draw(card, false);
    });

    form.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      var card = event.target.closest(".count-card");
      if (button && button.hasAttribute("data-snap")) {
        return; // handled on submit
      }
      if (button && card) {
        event.preventDefault();
        if (button.getAttribute("aria-disabled") === "true") {
          return;
        }
        change(card, button.hasAttribute("data-add") ? 1 : -1);
        return;
      }
      if (card && event.target.closest("[data-stack]")) {
        change(card, 1);
      }
    });

    form.addEventListener("submit", function (event) {
      // The snap goes as a plain post; make sure `press` says so even on Enter.
      if (!event.submitter || !event.submitter.hasAttribute("data-snap")) {
        var press = document.createElement("input");
        press.type = "hidden";
        press.name = "press";
        press.value = "snap";
        form.appendChild(press);
      }
    });

    setUpDragging(form, tray, function (stack) {
      var card = stack.closest(".count-card");
      if (card) {
        change(card, 1);
      }
    });
  }

  // Drag a cube from the tray onto a card's stack (pointer events: mouse, pen and touch).
  function setUpDragging(form, tray, drop) {
    if (!tray) {
      return;
    }
    var ghost = null;
    var over = null;

    function stackAt(x, y) {
      var element = document.elementFromPoint(x, y);
      var stack = element && element.closest("[data-stack]");
      return stack && form.contains(stack) ? stack : null;
    }

    function move(event) {
      ghost.style.transform =
        "translate(" + (event.clientX - 28) + "px, " + (event.clientY - 14) + "px)";
      var stack = stackAt(event.clientX, event.clientY);
      if (stack !== over) {
        if (over) {
          over.classList.remove("drop-here");
        }
        over = stack;
        if (over) {
          over.classList.add("drop-here");
        }
      }
    }

    function end(event) {
      if (!ghost) {
        return;
      }
      ghost.parentNode.removeChild(ghost);
      ghost = null;
      if (over) {
        over.classList.remove("drop-here");
      }
      var stack = event.type === "pointerup" ? stackAt(event.clientX, event.clientY) : null;
      over = null;
      if (stack) {
        drop(stack);
      }
    }

    tray.addEventListener("pointerdown", function (event) {
      if (!event.target.classList.contains("tray-cube")) {
        return;
      }
      event.preventDefault();
      ghost = document.createElement("span");
      ghost.className = "cube cube-blue cube-ghost";
      document.body.appendChild(ghost);
      if (tray.setPointerCapture) {
        tray.setPointerCapture(event.pointerId);
      }
      move(event);
    });
    tray.addEventListener("pointermove", function (event) {
      if (ghost) {
        move(event);
      }
    });
    tray.addEventListener("pointerup", end);
    tray.addEventListener("pointercancel", end);
  }

  // The keypad for typing the total: it types into the form's text box, which posts `total`.
  function setUpKeypad(form) {
    var input = form.querySelector("[data-total]");
    var keypad = form.querySelector("[data-keypad]");
    if (!input || !keypad) {
      return;
    }
    // The keypad (shown from the first paint: data-with-script) is the keyboard now: no
    // on-screen keyboard popping up over it on a tablet.
    input.setAttribute("inputmode", "none");
    var most = parseInt(input.getAttribute("maxlength"), 10) || 3;
    keypad.addEventListener("click", function (event) {
      var key = event.target.closest("[data-key]");
      if (!key) {
        return;
      }
      var value = key.getAttribute("data-key");
      if (value === "clear") {
        input.value = "";
      } else if (input.value.length < most) {
        input.value = input.value === "0" ? value : input.value + value;
      }
    });
  }

  function start() {
    document.querySelectorAll("[data-cube-count]").forEach(setUpCounting);
    document.querySelectorAll("[data-keypad-form]").forEach(setUpKeypad);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
