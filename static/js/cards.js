// The "Picked: n" count beside a card grid (templates/scorebook/_card_grid.html). Optional: without
// it the grid posts the same and the count shows what the server rendered.
(function () {
  "use strict";
  function recount(grid) {
    var count = grid.querySelector("[data-card-count]");
    if (count) {
      count.textContent = grid.querySelectorAll("input[type=checkbox]:checked").length;
    }
  }
  document.addEventListener("change", function (event) {
    var grid = event.target.closest ? event.target.closest("[data-card-grid]") : null;
    if (grid) {
      recount(grid);
    }
  });
  // A form's reset clears the checkboxes after the event: count once it has happened.
  document.addEventListener("reset", function (event) {
    setTimeout(function () {
      event.target.querySelectorAll("[data-card-grid]").forEach(recount);
    }, 0);
  }, true);
})();
