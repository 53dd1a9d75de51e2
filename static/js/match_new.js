// The new match's form: the first-dealer list shows the names as they are typed ("Player 2" until
// then). On the document, so it keeps working after htmx swaps the form in again.
(function () {
  "use strict";
  document.addEventListener("input", function (event) {
    var match = /^player_(\d+)$/.exec(event.target.name || "");
    if (!match || !event.target.closest("#new-match")) return;
    var option = document.querySelector('#first_dealer option[value="' + match[1] + '"]');
    if (!option) return;
    if (!option.dataset.label) option.dataset.label = option.textContent;
    option.textContent = event.target.value.trim() || option.dataset.label;
  });
})();
