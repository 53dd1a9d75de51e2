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
/* The khraper tapped: his tricks field takes the keyboard at once (his tricks come next). */
(function () {
  "use strict";
  if (window.scorebookKhrapFocus) { return; }
  window.scorebookKhrapFocus = true;
  document.addEventListener("change", function (event) {
    var radio = event.target;
    if (!event.isTrusted || !radio.matches || !radio.matches("input[name=khrap]") || !radio.checked) { return; }
    var tricks = document.getElementById("tricks_" + radio.value);
    if (tricks) { tricks.focus(); }
  });
})();
