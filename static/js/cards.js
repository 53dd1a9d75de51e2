// The "Picked: n" count beside a card grid (templates/scorebook/_card_grid.html). Optional: without
// it the grid posts the same and the count shows what the server rendered.
// And an empty grid sent without its tiles ([data-cards-from]: a form of many grids, Tong Its' meld
// slots) gets them here, copied from the grid drawn once in a <template>, named as the grid says.
(function () {
  "use strict";
  function draw(root) {
    root.querySelectorAll("[data-cards-from]").forEach(function (grid) {
      var source = document.getElementById(grid.getAttribute("data-cards-from"));
      if (!source || !source.content) {
        return;
      }
      var tiles = source.content.cloneNode(true);
      var name = grid.getAttribute("data-cards-name");
      tiles.querySelectorAll("input").forEach(function (box) {
        box.name = name;
      });
      grid.appendChild(tiles);
      grid.removeAttribute("data-cards-from");
    });
  }
  // Before the game's own scripts look at the grids (they listen to the same events, later).
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { draw(document); });
  } else {
    draw(document);
  }
  document.addEventListener("htmx:afterSwap", function () { draw(document); });
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
