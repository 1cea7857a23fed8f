// Draws every <canvas data-chart="ID"> from the JSON in <script id="ID"> (labels + series), with
// the vendored Chart.js. The table beside each chart holds the same numbers.
(function () {
  "use strict";
  var COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
  function draw() {
    if (typeof window.Chart === "undefined") return;
    document.querySelectorAll("canvas[data-chart]").forEach(function (canvas) {
      var source = document.getElementById(canvas.getAttribute("data-chart"));
      if (!source) return;
      var data = JSON.parse(source.textContent);
      new window.Chart(canvas, {
        type: "line",
        data: {
          labels: data.labels,
          datasets: data.series.map(function (s, i) {
            var colour = COLOURS[i % COLOURS.length];
            return { label: s.label, data: s.data, borderColor: colour, backgroundColor: colour, spanGaps: true, tension: 0.2 };
          })
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: "index", intersect: false },
          plugins: { legend: { position: "bottom", labels: { boxWidth: 12 } } },
          scales: { x: { ticks: { maxRotation: 0, autoSkip: true } }, y: { title: { display: true, text: canvas.getAttribute("data-y") || "" } } }
        }
      });
      canvas.parentElement.style.height = "16rem";
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw); else draw();
})();
