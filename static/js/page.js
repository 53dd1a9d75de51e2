// What every page does with a little script, kept out of the HTML: the Content-Security-Policy
// allows no inline script and no inline event handler (docs/security.md).
//
// - A poll (an element with data-poll) asks only while the page is in view: htmx's own filter,
//   "every 4s [document.visibilityState === 'visible']", is evaluated JavaScript, which the
//   policy refuses; cancelling the request here does the same.
// - A <select data-autosubmit> sends its form when it changes (the language switch).
// - A <button data-print> prints the page.
// - A <button data-flip-sign> turns its number field negative or back.
// - A refused save's summary on top of the form ([data-error-summary]) is scrolled into view and
//   focused; each of its links takes the eye to its field.
// - On a phone, the header's links fold into a menu: [data-menu-button] opens and closes it.
// - A button with data-confirm (void, write off, undo, delete) needs a second tap: the first one
//   shows the data-confirm text in its place for a few seconds; without script, one tap sends.
(function () {
  "use strict";

  function showSummary(root) {
    var summary = root && root.querySelector ? root.querySelector("[data-error-summary]") : null;
    if (summary) {
      // Below the sticky header and the sticky totals (two rows with 5 or 6 players): app.css
      // counts both in html's scroll-padding-top, measured now.
      stickyHeights();
      summary.scrollIntoView({block: "start"});
      summary.focus({preventScroll: true});
    }
  }
  document.addEventListener("DOMContentLoaded", function () { showSummary(document); });
  document.addEventListener("htmx:afterSettle", function (event) { showSummary(event.target); });

  // The field of an error: its id, its name, its fieldset ("khrap-field"), else the place on the
  // form where the same message stands beside its field.
  function errorField(form, key, message) {
    var found = document.getElementById(key) || form.querySelector("[name='" + key + "']:not([type=hidden])") ||
      document.getElementById(key + "-field");
    if (found) {
      return found;
    }
    var items = form.querySelectorAll(".errorlist li");
    for (var i = 0; i < items.length; i++) {
      if (!items[i].closest("[data-error-summary]") && items[i].textContent.trim() === message) {
        return items[i].closest(".has-error, fieldset, details, .field") || items[i];
      }
    }
    return null;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-error-field]") : null;
    var section = link ? link.closest("section") : null;
    var target = section ? errorField(section, link.getAttribute("data-error-field"), link.textContent.trim()) : null;
    if (!target) {
      return;
    }
    event.preventDefault();
    var details = target.closest("details");
    if (details) {
      details.open = true;
    }
    target.scrollIntoView({block: "center"});
    var input = target.matches("input, select, textarea") ? target : target.querySelector("input:not([type=hidden]), select, textarea");
    (input || target).focus({preventScroll: true});
  });

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

  // A button[data-flip-sign] beside a number field puts a minus in front of it or takes it away:
  // a phone's numeric keypad has no minus key.
  document.addEventListener("click", function (event) {
    var flip = event.target.closest ? event.target.closest("button[data-flip-sign]") : null;
    var field = flip ? document.getElementById(flip.getAttribute("aria-controls")) : null;
    if (!field) {
      return;
    }
    var value = field.value.trim();
    field.value = /^[-\u2212]/.test(value) ? value.slice(1) : "\u2212" + value;
    field.dispatchEvent(new Event("input", {bubbles: true}));
    field.dispatchEvent(new Event("change", {bubbles: true}));
  });
  // The sticky totals bar (match page) sits under the sticky header, whose height depends on the
  // screen and the language; what is scrolled to (a refused save's summary) goes under both.
  function stickyHeights() {
    var header = document.querySelector(".site-header");
    var totals = document.getElementById("standings");
    var style = document.documentElement.style;
    if (header) {
      style.setProperty("--header-height", header.offsetHeight + "px");
    }
    style.setProperty("--standings-height", (totals ? totals.offsetHeight : 0) + "px");
  }
  document.addEventListener("DOMContentLoaded", stickyHeights);
  window.addEventListener("resize", stickyHeights);

  // The header's menu (a phone): the button is shown only here, so without script the links stay
  // in their row; app.css folds them away below 720 px once the header has the button.
  function menus() {
    document.querySelectorAll("[data-menu-button]").forEach(function (button) {
      var menu = document.getElementById(button.getAttribute("aria-controls"));
      if (!menu) {
        return;
      }
      button.hidden = false;
      button.closest(".site-header").classList.add("has-menu");
      button.addEventListener("click", function () {
        var open = button.getAttribute("aria-expanded") !== "true";
        button.setAttribute("aria-expanded", String(open));
        menu.classList.toggle("is-open", open);
        stickyHeights();  // the totals bar stays under the header, taller while the menu is open
      });
      document.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && menu.classList.contains("is-open")) {
          button.click();
          button.focus();
        }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", menus);

  // A sheet whose column is narrower than a player's name shows the names upright (app.css).
  function fitNames() {
    document.querySelectorAll(".sheet-grid").forEach(function (grid) {
      grid.classList.remove("names-turned");
      var narrow = Array.prototype.some.call(grid.querySelectorAll(".sheet-head .player"), function (cell) {
        return cell.scrollWidth > cell.clientWidth;
      });
      grid.classList.toggle("names-turned", narrow);
    });
  }
  document.addEventListener("DOMContentLoaded", fitNames);
  document.addEventListener("htmx:afterSettle", fitNames);
  window.addEventListener("resize", fitNames);

  var CONFIRM_MS = 4000;

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-confirm]") : null;
    if (!button || button.hasAttribute("data-armed")) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    var label = button.textContent;
    button.setAttribute("data-armed", "");
    button.classList.add("is-armed");
    button.textContent = button.getAttribute("data-confirm");
    window.setTimeout(function () {
      button.removeAttribute("data-armed");
      button.classList.remove("is-armed");
      button.textContent = label;
    }, CONFIRM_MS);
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-print]") : null;
    if (button) {
      window.print();
    }
  });
})();
