// Draws every chart of a dashboard page with Chart.js (static/vendor/chart.js). Each <canvas
// data-chart="..."> carries its own figures as JSON (the CSP allows no inline script); a share
// with too few chances is null and leaves a gap. The page's tables say the same in words, so
// without JavaScript nothing is lost.
(function () {
  "use strict";

  // Series differ by colour, line dash and point shape, so colour is never the only cue.
  var COLOURS = ["#1d5c47", "#8a5a1c", "#3f5fa8"];
  var DASHES = [[], [6, 4], [2, 3]];
  var POINTS = ["circle", "triangle", "rectRot"];

  function dataset(series, index, type) {
    var i = index % COLOURS.length;
    return {
      label: series.label,
      data: series.values,
      borderColor: COLOURS[i],
      backgroundColor: COLOURS[i],
      borderDash: DASHES[i],
      borderWidth: type === "bar" ? 0 : 3,
      pointStyle: POINTS[i],
      pointRadius: 5,
      spanGaps: false,
      // A 0 % bar is drawn as a sliver, so "none right" is seen, not mistaken for a gap.
      minBarLength: type === "bar" ? 4 : undefined
    };
  }

  function draw(canvas) {
    var spec;
    try {
      spec = JSON.parse(canvas.getAttribute("data-chart"));
    } catch (error) {
      return;
    }
    var unit = spec.unit || "";
    new window.Chart(canvas, {
      type: spec.type,
      data: {
        labels: spec.labels,
        datasets: spec.series.map(function (series, index) {
          return dataset(series, index, spec.type);
        })
      },
      options: {
        animation: false, // still for printing, and for anyone who prefers less motion
        responsive: true,
        maintainAspectRatio: false,
        devicePixelRatio: Math.max(window.devicePixelRatio || 1, 2), // crisp on paper
        scales: {
          y: {
            min: 0,
            max: spec.max,
            ticks: {
              callback: function (value) { return value + unit; }
            }
          }
        },
        plugins: {
          legend: {
            display: spec.series.length > 1,
            labels: { usePointStyle: true }
          },
          tooltip: {
            callbacks: {
              label: function (context) {
                var value = context.parsed.y;
                return context.dataset.label + ": " +
                  (value === null ? "not enough yet" : value + unit);
              }
            }
          }
        }
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (typeof window.Chart === "undefined") {
      return;
    }
    document.querySelectorAll("canvas[data-chart]").forEach(draw);
  });
})();
