// What every page does with a little script, kept out of the HTML: the Content-Security-Policy
// allows no inline script and no inline event handler (docs/security.md).
//
// - A poll (an element with data-poll) asks only while the page is in view: htmx's own filter,
//   "every 4s [document.visibilityState === 'visible']", is evaluated JavaScript, which the
//   policy refuses; cancelling the request here does the same.
// - A <select data-autosubmit> sends its form when it changes (the language switch).
// - A <button data-print> prints the page.
(function () {
  "use strict";

  document.addEventListener("htmx:beforeRequest", function (event) {
    var element = event.detail && event.detail.elt;
    if (element && element.hasAttribute("data-poll") && document.visibilityState !== "visible") {
      event.preventDefault();
    }
  });

  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select.matches && select.matches("select[data-autosubmit]") && select.form) {
      select.form.submit();
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-print]") : null;
    if (button) {
      window.print();
    }
  });
})();
