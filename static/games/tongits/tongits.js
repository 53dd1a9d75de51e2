// Tong Its entry form (templates/scorebook/games/tongits/form.html): a card is in one place only.
// A card tapped in one grid (a meld, a hand) is greyed out and cannot be tapped in every other
// grid of the form. The referee refuses a card listed twice anyway (card_twice); this only saves
// the taps. Both copies of a card picked twice (say, shown again after a refusal) stay enabled,
// so either can be untapped.
(function () {
  "use strict";
  if (window.scorebookTongits) {
    return; // htmx runs this script again with every swap of the page's #main
  }
  window.scorebookTongits = true;
  var FORMS = "form[data-no-card-twice]";
  var BOXES = "[data-card-grid] input[type=checkbox]";

  function sync(form) {
    var picked = {};
    form.querySelectorAll(BOXES).forEach(function (box) {
      if (box.checked) {
        picked[box.value] = true;
      }
    });
    form.querySelectorAll(BOXES).forEach(function (box) {
      box.disabled = !box.checked && picked[box.value] === true;
    });
  }
  function syncAll() {
    document.querySelectorAll(FORMS).forEach(sync);
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest ? event.target.closest(FORMS) : null;
    if (form) {
      sync(form);
    }
  });
  document.addEventListener("reset", function (event) {
    setTimeout(syncAll, 0);
  }, true);
  document.addEventListener("htmx:afterSettle", syncAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", syncAll);
  } else {
    syncAll();
  }
})();
