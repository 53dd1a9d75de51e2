// What every page does with a little script, kept out of the HTML: the Content-Security-Policy
// allows no inline script and no inline event handler (docs/security.md).
//
// - A poll (an element with data-poll) asks only while the page is in view: htmx's own filter,
//   "every 4s [document.visibilityState === 'visible']", is evaluated JavaScript, which the
//   policy refuses; cancelling the request here does the same.
// - Live updates: a polled element with data-stream="<address>" opens that server-sent events
//   stream (scorebook/web/streams.py). Each "version" event newer than what the element shows
//   fetches it at once (its hx-trigger's "live" event: the poll's own request, so the reader's role
//   decides what comes back). While the stream is alive (an event or a heartbeat within SILENT_MS)
//   the timed polls are skipped; when it fails, or a buffering proxy lets nothing through, they go
//   on by themselves, and the stream is tried again until it comes back. When the event carries the
//   parts of the new version (a member's stream, scorebook/web/deals.py's shared_parts), they are
//   swapped in with no request, once the page's own CSRF token and new client ids are in its forms.
// - A <select data-autosubmit> sends its form when it changes (the language switch).
// - A <button data-print> prints the page.
// - A <button data-flip-sign> turns its number field negative or back.
// - A refused save's summary on top of the form ([data-error-summary]) is scrolled into view and
//   focused; each of its links takes the eye to its field.
// - On a phone, the header's links fold into a menu: [data-menu-button] opens and closes it.
// - A button with data-confirm (void, write off, undo, delete) needs a second tap: the first one
//   shows the data-confirm text in its place for a few seconds; without script, one tap sends.
// - A deal saved from the entry form takes the page back to its top, where the next one starts.
// - The entry form (#entry-slot) is drawn anew by the poll when another phone wrote, but only while
//   nobody touched it: the first tap, focus or keystroke in it takes its data-fresh away, and from
//   then on it keeps the version it was drawn at (a save is then refused with a choice).
(function () {
  "use strict";

  function touched(event) {
    var slot = event.target.closest ? event.target.closest("#entry-slot") : null;
    if (slot) {
      slot.removeAttribute("data-fresh");
    }
  }
  ["input", "change", "focusin", "click"].forEach(function (name) {
    document.addEventListener(name, touched, true);
  });
  // The poll asks for the entry form drawn anew only while this one is untouched (it would not be
  // swapped in otherwise): a form of card grids weighs a hundred kilobytes.
  document.addEventListener("htmx:configRequest", function (event) {
    var element = event.detail && event.detail.elt;
    if (element && element.hasAttribute("data-poll") && document.querySelector("#entry-slot[data-fresh]")) {
      event.detail.parameters.entry = "fresh";
    }
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "entry-slot" && !target.hasAttribute("data-fresh")) {
      event.detail.shouldSwap = false;
    }
  });

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

  // A deal saved from the entry form (no error summary came back): the page goes back to its top,
  // where the next deal starts as the first one did, its first control in reach.
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail && event.detail.requestConfig;
    var sender = config && config.elt;
    if (sender && sender.id === "entry-form" && !document.querySelector("[data-error-summary]")) {
      window.scrollTo(0, 0);
    }
  });

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
    if (element && element.hasAttribute("data-poll") &&
        (document.visibilityState !== "visible" || (streamAlive() && !liveFetch))) {
      event.preventDefault();
    }
  });

  // ------------------------------------------------------------ live updates (server-sent events)

  // The server sends a heartbeat as the stream opens and every 15 s after: two missed and the stream
  // counts as silent (a proxy that buffers it lets none through: the page polls).
  var SILENT_MS = 35000;
  // A stream the browser gave up on (an error answer, a 204 from a server that cannot stream) is
  // tried again after this, doubled each time up to RETRY_MAX_MS.
  var RETRY_MS = 5000;
  var RETRY_MAX_MS = 300000;
  var source = null;
  var heard = 0;
  var wanted = -1;
  var liveFetch = false;
  var versionAt = 0;
  var openedAt = 0;
  var retryIn = RETRY_MS;
  var retryTimer = null;

  function streamed() {
    return document.querySelector("[data-stream]");
  }

  function shownVersion(element) {
    var found = /[?&]since=(\d+)/.exec(element.getAttribute("hx-get") || "");
    return found ? parseInt(found[1], 10) : -1;
  }

  function streamAlive() {
    return source !== null && source.readyState === 1 && Date.now() - heard < SILENT_MS;
  }

  // The element shows an older version than the stream said: fetch it now (its poll's request).
  function catchUp() {
    var element = streamed();
    if (!element || !window.htmx || wanted <= shownVersion(element) || document.visibilityState !== "visible") {
      return;
    }
    liveFetch = true;
    try {
      window.htmx.trigger(element, "live");
    } finally {
      liveFetch = false;
    }
  }

  // Each form that posts gets the page's token, and the entry form's client ids (one per form it
  // holds: the id and its suffix, "r" for a redeal…) are made here, new for this phone: what a part
  // sent by the stream leaves out, being the same for every reader of a role (static/js/offline.js
  // makes both for its queue too).
  function ownForms() {
    var forms = window.scorebookForms;
    var token = forms.csrfToken();
    document.querySelectorAll("form[method=post i]").forEach(function (form) {
      if (token && !form.querySelector("input[name=csrfmiddlewaretoken]")) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "csrfmiddlewaretoken";
        input.value = token;
        form.insertBefore(input, form.firstChild);
      }
    });
    document.querySelectorAll("[data-new-client-ids]").forEach(function (slot) {
      var id = forms.newClientId();
      slot.querySelectorAll("input[name=client_id]").forEach(function (input) {
        input.value = id + input.value;
      });
      slot.removeAttribute("data-new-client-ids");
    });
  }

  // What the stream sent with a newer version than the page shows, swapped in as the poll's own
  // answer would be (its out-of-band parts too: undo, the entry form while untouched, the chart, the
  // totals); no request. Without what makes the forms this phone's (static/js/offline.js), nothing is
  // swapped: the page fetches its own answer (catchUp).
  function swapParts(version, html) {
    var element = streamed();
    if (!element || !window.htmx || typeof window.htmx.swap !== "function" || !window.scorebookForms ||
        version <= shownVersion(element)) {
      return;
    }
    window.htmx.swap(element, html, {swapStyle: "outerHTML"});
    ownForms();
  }

  function heardNow() {
    heard = Date.now();
    retryIn = RETRY_MS;
  }

  function retryLater() {
    if (retryTimer === null) {
      retryTimer = window.setTimeout(connect, retryIn);
      retryIn = Math.min(retryIn * 2, RETRY_MAX_MS);
    }
  }

  // A stream that says nothing for SILENT_MS (a proxy that buffers it, a connection gone quiet)
  // is dropped and tried again later; the polls carry the page meanwhile.
  function watchdog() {
    if (source !== null && Date.now() - Math.max(heard, openedAt) > SILENT_MS) {
      source.close();
      source = null;
      retryLater();
    }
  }

  function connect() {
    var element = streamed();
    retryTimer = null;
    if (!element || typeof window.EventSource === "undefined" || source !== null || navigator.onLine === false) {
      return;  // offline: tried again when the connection returns
    }
    openedAt = Date.now();
    var address = element.getAttribute("data-stream");
    source = new window.EventSource(address + (address.indexOf("?") < 0 ? "?" : "&") + "since=" + shownVersion(element));
    source.addEventListener("heartbeat", heardNow);
    source.addEventListener("version", function (event) {
      heardNow();
      versionAt = heard;
      // The first line is the version; what follows, when the stream sent it, is the poll's answer
      // for that version as this reader's role sees it.
      var lines = String(event.data).split("\n");
      var version = parseInt(lines[0], 10);
      wanted = Math.max(wanted, version);
      if (lines.length > 1) {
        swapParts(version, lines.slice(1).join("\n"));
      }
      catchUp();
    });
    // The reader's role changed: the page shows what the new one may (its forms, its sheet).
    source.addEventListener("reload", function () {
      window.location.reload();
    });
    source.addEventListener("error", function () {
      // The browser reconnects by itself (readyState 0) after a dropped connection; an answer it
      // will not retry (closed) is tried again later, while the polls carry the page.
      if (source && source.readyState === 2) {
        source.close();
        source = null;
        heard = 0;
        retryLater();
      }
    });
  }

  document.addEventListener("DOMContentLoaded", connect);
  window.setInterval(watchdog, 5000);
  // No connection: no stream to try (offline.js keeps the deals entered meanwhile); back online,
  // the stream is opened again at once, from the version the page shows.
  window.addEventListener("offline", function () {
    if (source !== null) {
      source.close();
      source = null;
    }
  });
  window.addEventListener("online", function () {
    retryIn = RETRY_MS;
    if (retryTimer !== null) {
      window.clearTimeout(retryTimer);
    }
    connect();
  });
  document.addEventListener("htmx:afterSettle", catchUp);
  document.addEventListener("visibilitychange", catchUp);
  // What a test or a proxy check may read: whether the page is on its stream now, and when it last
  // heard of a new version (Date.now()).
  window.scorebookLive = {alive: streamAlive, versionAt: function () { return versionAt; }};

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
