// The 1000 entry form (templates/scorebook/games/thousand/fields.html), kept out of the HTML (no
// inline script under the Content-Security-Policy): a usual bid is one tap (button[data-bid]) and
// − / + move the bid by the match's step (button[data-bid-step]), so the bid field never needs
// clearing. The field stays typeable; without this script the buttons do nothing.
(function () {
  "use strict";
  if (window.scorebookThousandBid) { return; }
  window.scorebookThousandBid = true;
  var LOWEST = 100; // RULES.md: a bid is at least 100
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-bid], button[data-bid-step]") : null;
    var input = button ? document.getElementById(button.getAttribute("aria-controls")) : null;
    if (!input) { return; }
    var bid;
    if (button.hasAttribute("data-bid")) {
      bid = Number(button.getAttribute("data-bid"));
    } else {
      var now = parseInt(input.value, 10);
      bid = Math.max(LOWEST, (isNaN(now) ? LOWEST : now) + Number(button.getAttribute("data-bid-step")));
    }
    input.value = String(bid);
    input.dispatchEvent(new Event("change", {bubbles: true}));
  });
})();
