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

// The quick entry: "the stock ran out" tapped, the first count takes the keyboard at once (the
// counts come next; who drew last matters only for a tie).
(function () {
  "use strict";
  if (window.scorebookTongitsFocus) { return; }
  window.scorebookTongitsFocus = true;
  document.addEventListener("change", function (event) {
    var radio = event.target;
    if (!event.isTrusted || !radio.matches || !radio.matches("input[name=ending][value=stock_out]") || !radio.checked) {
      return;
    }
    var quick = radio.form && radio.form.querySelector("input[name=mode][value=quick]:checked");
    var first = quick && radio.form.querySelector(".mode-quick input[inputmode=numeric]");
    if (first) { first.focus(); }
  });
})();

// A tongit: its caller tapped, his count (0: every card melded) takes the keyboard while empty.
(function () {
  "use strict";
  if (window.scorebookTongitsCaller) { return; }
  window.scorebookTongitsCaller = true;
  document.addEventListener("change", function (event) {
    var radio = event.target;
    if (!event.isTrusted || !radio.matches || !radio.matches("input[name=caller]") || !radio.checked) {
      return;
    }
    var form = radio.form;
    var tongit = form && form.querySelector("input[name=ending][value=tongit]:checked");
    var quick = form && form.querySelector("input[name=mode][value=quick]:checked");
    var count = tongit && quick && document.getElementById("count_" + radio.value);
    if (count && !count.value) { count.focus(); }
  });
})();
