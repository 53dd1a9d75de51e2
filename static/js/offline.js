// Offline entry: a deal saved without a connection waits on this phone and is sent
// when the connection returns, with the client id its form was given, so the server stores it
// once however often it is re-sent (a re-sent client id is answered from the match's history).
//
// Also: registers the service worker (static/js/sw.js, served at /sw.js), keeps a table display's
// screen on, and the share link's Copy button. Everything degrades: without localStorage nothing
// is queued and the browser's own error shows; without service workers the pages need a connection.
(function () {
  "use strict";

  var KEY = "scorebook:queued-deals";
  var script = document.currentScript;
  var sending = false;

  // ------------------------------------------------------------ the queue, in localStorage

  function load() {
    try {
      var queue = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(queue) ? queue : [];
    } catch (error) {
      return [];
    }
  }

  function store(queue) {
    try {
      if (queue.length) {
        window.localStorage.setItem(KEY, JSON.stringify(queue));
      } else {
        window.localStorage.removeItem(KEY);
      }
    } catch (error) {
      // Private mode or a full storage: the banner still shows what this page holds.
    }
    show();
  }

  // An entry form of the match page: posted by htmx into #main, carrying a client id.
  function isEntryForm(form) {
    return !!(form && form.tagName === "FORM" && form.hasAttribute("hx-post") &&
              form.querySelector("input[name=client_id]") && form.closest("#main"));
  }

  function newClientId() {
    if (window.crypto && window.crypto.randomUUID) {
      return window.crypto.randomUUID().replace(/-/g, "");
    }
    return Date.now().toString(16) + Math.random().toString(16).slice(2) + Math.random().toString(16).slice(2);
  }

  // The page's token and a new client id, for static/js/page.js too (the forms a live stream brings
  // come without either: base.html loads both scripts on every page).
  window.scorebookForms = {csrfToken: csrfToken, newClientId: newClientId};

  function labelOf(input) {
    var label = input.id && document.querySelector("label[for='" + input.id + "']");
    label = label || input.closest("label");
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What the player typed, in the page's own (translated) words: "Declarer: Аня · Bid: 100 · …".
  function summary(form, submitter) {
    var parts = [];
    form.querySelectorAll("input, select").forEach(function (input) {
      if (input.type === "hidden" || input.disabled || parts.length >= 6) {
        return;
      }
      if (input.type === "radio" && input.checked) {
        var legend = input.closest("fieldset") && input.closest("fieldset").querySelector("legend");
        parts.push((legend ? legend.textContent.trim() + ": " : "") + labelOf(input));
      } else if (input.type !== "radio" && input.type !== "checkbox" && input.value.trim() !== "") {
        var text = input.tagName === "SELECT" ? input.options[input.selectedIndex].text : input.value.trim();
        parts.push(labelOf(input) + ": " + text);
      }
    });
    if (submitter && submitter.textContent.trim()) {
      parts.unshift(submitter.textContent.trim());
    }
    return parts.join(" · ");
  }

  function formPairs(formData) {
    var pairs = [];
    formData.forEach(function (value, name) {
      if (typeof value === "string") {
        pairs.push([name, value]);
      }
    });
    return pairs;
  }

  function enqueue(form, formData, submitter) {
    var pairs = formPairs(formData);
    var clientId = pairs.filter(function (pair) { return pair[0] === "client_id"; })[0];
    var queue = load();
    if (clientId && queue.some(function (item) { return item.clientId === clientId[1]; })) {
      return;  // the same form queued twice (a failed send of a queued deal): once is enough
    }
    // The referee in the phone (static/js/phone.js), where it runs, scored the deal: its totals go
    // with the summary, "not sent yet" until the server has them.
    var local = window.scorebookEngine && window.scorebookEngine.queued ? window.scorebookEngine.queued(form, submitter) : null;
    queue.push({
      url: new URL(form.getAttribute("hx-post"), window.location.href).pathname,
      page: window.location.pathname,
      fields: pairs,
      clientId: clientId ? clientId[1] : null,
      summary: summary(form, submitter) + (local ? " · " + local.text : ""),
      row: local,
      queuedAt: Date.now(),
    });
    lastStatus = "";
    // The next deal is a new write (a new client id) and comes after this one: each write moves
    // the match's version by one, so the forms expect one more.
    form.reset();
    form.querySelector("input[name=client_id]").value = newClientId();
    document.querySelectorAll("#main form input[name=expected_version]").forEach(function (input) {
      var version = parseInt(input.value, 10);
      if (!isNaN(version)) {
        input.value = String(version + 1);
      }
    });
    store(queue);
  }

  // Offline: the deal is kept before htmx sends it. Capture on the document runs before htmx's
  // own listener on the form, and stopping the event here keeps htmx from trying at all.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine !== false || !isEntryForm(form)) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    var formData;
    try {
      formData = new FormData(form, event.submitter);
    } catch (error) {  // older browsers: no submitter argument
      formData = new FormData(form);
      if (event.submitter && event.submitter.name) {
        formData.append(event.submitter.name, event.submitter.value);
      }
    }
    enqueue(form, formData, event.submitter);
  }, true);

  // "Online" but the request never got an answer (Wi-Fi with no internet, a dropped answer): the
  // same. If the server did store it, the re-sent client id is answered from the history.
  document.addEventListener("htmx:sendError", function (event) {
    var detail = event.detail || {};
    var config = detail.requestConfig;
    if (!config || config.verb !== "post" || !isEntryForm(detail.elt)) {
      return;
    }
    var submitter = config.triggeringEvent && config.triggeringEvent.submitter;
    enqueue(detail.elt, config.formData, submitter);
  });

  // ------------------------------------------------------------ sending

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || null;
    } catch (error) {
      return null;
    }
  }

  function refreshSheet() {
    var sheet = document.getElementById("sheet");
    if (sheet && window.htmx && sheet.getAttribute("hx-get")) {
      // The poll's own request: the new sheet, undo and (untouched) the entry form drawn anew.
      window.htmx.ajax("GET", sheet.getAttribute("hx-get"), {source: sheet, target: sheet, swap: "outerHTML"});
    }
  }

  // Re-POST every queued deal, oldest first, to the address its form posted to.
  function sendQueued(explicit) {
    if (sending || navigator.onLine === false) {
      return Promise.resolve();
    }
    var queue = load();
    if (!queue.length) {
      return Promise.resolve();
    }
    sending = true;
    status("sending");
    var sent = 0;
    var token = csrfToken();

    function next() {
      var queue = load();
      var item = queue.filter(function (entry) {
        return explicit || !entry.held || entry.page === window.location.pathname;
      })[0];
      if (!item) {
        return Promise.resolve("done");
      }
      var body = new URLSearchParams();
      item.fields.forEach(function (pair) {
        // This page's token: the one stored with the deal may belong to an older session.
        body.append(pair[0], pair[0] === "csrfmiddlewaretoken" && token ? token : pair[1]);
      });
      var headers = {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"};
      if (token) {
        headers["X-CSRFToken"] = token;
      }
      return fetch(item.url, {method: "POST", body: body, headers: headers, credentials: "same-origin"})
        .then(function (response) {
          if (response.status === 404) {  // the match is gone: nothing to send it to
            drop(item);
            return next();
          }
          if (!response.ok) {
            return "failed";
          }
          // The match page marks a refused write (a rule broken, or someone else's deal came
          // first) with HX-Reswap; its answer is the form again, with the deal and the reason.
          if (response.headers.get("HX-Reswap")) {
            return response.text().then(function (html) {
              if (item.page === window.location.pathname && document.getElementById("main") && window.htmx) {
                drop(item);
                window.htmx.swap("#main", html, {swapStyle: "outerHTML"});
                return "refused";
              }
              hold(item);  // shown in its form when its match page is opened
              return next();
            });
          }
          drop(item);
          sent += 1;
          return next();
        }, function () {
          return "failed";  // still no connection: it stays queued
        });
    }

    return next().then(function (outcome) {
      sending = false;
      status(outcome);
      if (sent) {
        refreshSheet();
      }
    });
  }

  function drop(item) {
    store(load().filter(function (entry) { return entry.clientId !== item.clientId || entry.queuedAt !== item.queuedAt; }));
  }

  function hold(item) {
    store(load().map(function (entry) {
      return entry.clientId === item.clientId ? Object.assign({}, entry, {held: true}) : entry;
    }));
  }

  // ------------------------------------------------------------ the banner

  var strings = null;
  var banner = null;
  var lastStatus = "";

  function text(name) {
    if (!strings) {
      var template = document.getElementById("offline-strings");
      strings = template ? template : document.createElement("template");
    }
    return strings.getAttribute("data-" + name) || "";
  }

  function countText(count) {
    var template = document.getElementById("offline-strings");
    var exact = template && template.content.querySelector("[data-count='" + count + "']");
    return exact ? exact.textContent.trim() : text("many").replace("%(count)s", String(count));
  }

  function ensureBanner() {
    if (banner) {
      return banner;
    }
    banner = document.createElement("section");
    banner.id = "offline-queue";
    banner.className = "offline-queue";
    banner.setAttribute("role", "status");
    banner.setAttribute("aria-live", "polite");
    banner.innerHTML = '<p class="offline-count"></p><p class="offline-note"></p><ul class="offline-list"></ul>' +
      '<button type="button" class="button-secondary offline-send"></button>';
    banner.querySelector(".offline-send").addEventListener("click", function () {
      sendQueued(true);
    });
    // Outside #main, so htmx's swaps of the match page leave it alone.
    var main = document.querySelector("main.content") || document.querySelector("main") || document.body;
    main.insertBefore(banner, main.firstChild);
    return banner;
  }

  // The deals this phone scored and keeps, in the sheet after its last row, "not sent yet", with
  // the points and totals the referee in the phone gave them (written by phone.js as the sheet
  // writes them); the server's sheet replaces them once sent.
  function drawRows(queue) {
    document.querySelectorAll(".sheet-row.not-sent").forEach(function (row) { row.remove(); });
    var foot = document.querySelector("#sheet .sheet-grid > .sheet-foot");
    if (!foot) {
      return;
    }
    queue.forEach(function (item) {
      if (!item.row || item.page !== window.location.pathname) {
        return;
      }
      var row = document.createElement("div");
      row.className = "sheet-row not-sent";
      row.setAttribute("role", "none");
      var line = document.createElement("div");
      line.className = "not-sent-line";
      line.setAttribute("role", "row");
      var number = document.createElement("span");
      number.className = "n";
      number.setAttribute("role", "cell");
      number.textContent = String(item.row.number);
      var badge = document.createElement("span");
      badge.className = "badge badge-not-sent";
      badge.textContent = text("not-sent");
      number.appendChild(badge);
      line.appendChild(number);
      item.row.totals.forEach(function (total, seat) {
        var cell = document.createElement("span");
        cell.className = "cell";
        cell.setAttribute("role", "cell");
        var shown = document.createElement("span");
        shown.className = "total";
        shown.textContent = total;
        var delta = document.createElement("span");
        delta.className = "delta";
        delta.textContent = item.row.deltas[seat];
        cell.appendChild(shown);
        cell.appendChild(delta);
        line.appendChild(cell);
      });
      if (foot.querySelector(".tail")) {
        var tail = document.createElement("span");
        tail.className = "cell tail";
        tail.setAttribute("role", "cell");
        line.appendChild(tail);
      }
      row.appendChild(line);
      foot.parentNode.insertBefore(row, foot);
    });
  }

  function show() {
    var queue = load();
    drawRows(queue);
    if (!queue.length && !banner && lastStatus !== "refused") {
      return;
    }
    var box = ensureBanner();
    box.hidden = queue.length === 0 && lastStatus !== "refused";
    box.querySelector(".offline-count").textContent = queue.length ? countText(queue.length) : "";
    box.querySelector(".offline-note").textContent =
      lastStatus === "refused" ? text("refused") :
      lastStatus === "sending" ? text("sending") :
      lastStatus === "failed" ? text("failed") :
      navigator.onLine === false ? text("note") : "";
    var list = box.querySelector(".offline-list");
    list.textContent = "";
    queue.forEach(function (item) {
      var li = document.createElement("li");
      var time = new Date(item.queuedAt);
      li.textContent = time.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"}) + " · " + item.summary;
      list.appendChild(li);
    });
    var button = box.querySelector(".offline-send");
    button.textContent = text("send");
    button.hidden = navigator.onLine === false || queue.length === 0;
    button.disabled = lastStatus === "sending";
  }

  function status(outcome) {
    lastStatus = outcome === "done" ? "" : outcome;
    show();
  }

  // ------------------------------------------------------------ the rest

  function registerWorker() {
    var url = script && script.getAttribute("data-service-worker");
    if (!url || !("serviceWorker" in navigator) || !window.isSecureContext) {
      return;  // plain http on another host: the pages work, only not offline
    }
    navigator.serviceWorker.register(url, {scope: "/"}).catch(function () {});
  }

  function keepScreenOn() {
    if (!document.body.hasAttribute("data-wake-lock") || !navigator.wakeLock) {
      return;
    }
    var request = function () {
      if (document.visibilityState === "visible") {
        navigator.wakeLock.request("screen").catch(function () {});
      }
    };
    request();
    document.addEventListener("visibilitychange", request);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (!button) {
      return;
    }
    var field = document.querySelector(button.getAttribute("data-copy"));
    if (field && navigator.clipboard) {
      navigator.clipboard.writeText(field.value).then(function () {
        button.textContent = button.getAttribute("data-copied");
      }, function () {
        field.select();
      });
    }
  });

  function revealCopyButtons() {
    if (navigator.clipboard) {
      document.querySelectorAll("[data-copy][hidden]").forEach(function (button) { button.hidden = false; });
    }
  }

  window.addEventListener("online", function () {
    show();
    sendQueued(false);
  });
  window.addEventListener("offline", show);
  // After htmx swapped the match page in (a save, a refused deal), the share panel is new too.
  document.addEventListener("htmx:afterSettle", revealCopyButtons);
  // A sheet swapped in (a poll, a save) is the server's: the deals still kept here go after it again.
  document.addEventListener("htmx:afterSettle", function () { drawRows(load()); });
  // Another tab queued or sent a deal.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY) {
      show();
    }
  });

  // The referee in the phone (static/js/phone.js and its worker): fetched once the page has loaded
  // and the browser is idle, so nothing of it is on the way to the first paint; not at all where
  // WebAssembly is missing.
  function startEngine() {
    var phone = script && script.getAttribute("data-phone");
    if (!phone || typeof WebAssembly !== "object" || typeof Worker !== "function") {
      return;
    }
    var later = window.requestIdleCallback || function (callback) { window.setTimeout(callback, 200); };
    var load = function () {
      later(function () {
        var tag = document.createElement("script");
        tag.src = phone;
        tag.setAttribute("data-engine", script.getAttribute("data-engine"));
        tag.setAttribute("data-draft-reading", script.getAttribute("data-draft-reading"));
        document.head.appendChild(tag);
      });
    };
    if (document.readyState === "complete") {
      load();
    } else {
      window.addEventListener("load", load);
    }
  }

  function start() {
    registerWorker();
    startEngine();
    keepScreenOn();
    revealCopyButtons();
    show();
    sendQueued(false);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
