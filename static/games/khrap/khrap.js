// Khrap's entry form, kept out of the HTML (no inline script under the Content-Security-Policy).
/* The − and + beside each player's tricks (the field stays typeable without them). */
(function () {
  "use strict";
  if (window.scorebookKhrapSteppers) { return; }
  window.scorebookKhrapSteppers = true;
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-step]") : null;
    var input = button ? document.getElementById(button.getAttribute("aria-controls")) : null;
    if (!input) { return; }
    var taken = parseInt(input.value, 10);
    taken = Math.max(0, Math.min(5, (isNaN(taken) ? 0 : taken) + Number(button.getAttribute("data-step"))));
    input.value = String(taken);
    input.dispatchEvent(new Event("change", {bubbles: true}));
  });
})();
