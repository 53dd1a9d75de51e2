// The page's side of the referee in the phone (the worker: static/js/engine.js). Loaded by
// static/js/offline.js once the page is interactive, never on the way to the first paint. Where
// WebAssembly or workers are missing it does nothing: the pages work as before, through the server.
//
// window.scorebookEngine.answer(request) -> a Promise of scorebook/phone/engine.py's answer;
// window.scorebookEngine.ready -> a Promise, resolved once the engine has started.
// Once every file the engine needs is in the service worker's cache, the page says "works offline ✓".
//
// Instant feedback: an entry form marked data-draft (the address of its game's reading of the form,
// static/games/<game>/draft.js, which registers window.scorebookDrafts[<game>]) and data-scoresheet
// (the API's scoresheet: the state after the last deal, kept in localStorage for offline use) is
// scored by the engine as it is filled: the deal's row, the totals after it and every violation,
// with no request. Without a connection a deal the engine refuses is not queued: its violations stay
// on screen, as the server would answer them.
(function () {
  "use strict";

  var script = document.currentScript;
  var workerUrl = script && script.getAttribute("data-engine");
  var readingUrl = script && script.getAttribute("data-draft-reading");
  if (!workerUrl || typeof WebAssembly !== "object" || typeof Worker !== "function") {
    return;  // no engine here: today's behaviour, every check from the server
  }

  var worker = null;
  var waiting = {};
  var counter = 0;
  var ready = null;

  // The worker and the promise of its start. A start that failed (the files not fetched: no
  // connection before the service worker kept them) is tried again when the connection returns.
  function start() {
    var started, failed;
    ready = new Promise(function (resolve, reject) { started = resolve; failed = reject; });
    ready.catch(function () {});
    worker = new Worker(workerUrl);
    worker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.ready) {
        started(data.files);
      } else if (data.failed) {
        failed(new Error(data.failed));
      } else if (waiting[data.id]) {
        var promise = waiting[data.id];
        delete waiting[data.id];
        if (data.error) {
          promise.reject(new Error(data.error));
        } else {
          promise.resolve(data.answer);
        }
      }
    });
    worker.addEventListener("error", function (event) {
      event.preventDefault();
      failed(new Error(event.message || "the engine did not start"));
    });
    if (window.scorebookEngine) {
      window.scorebookEngine.ready = ready;
    }
    return ready;
  }

  start();

  function answer(request) {
    return ready.then(function () {
      return new Promise(function (resolve, reject) {
        counter += 1;
        waiting[counter] = {resolve: resolve, reject: reject};
        worker.postMessage({id: counter, request: request});
      });
    });
  }

  window.scorebookEngine = {ready: ready, answer: answer};

  // ------------------------------------------------------------ instant feedback on the entry form

  var KEPT = "scorebook:sheet:";
  var sheet = null;  // {url, version, data}: the API's scoresheet the drafts are scored on
  var scripts = {};
  var asked = 0;
  var verdict = null;  // {key: the form's fields as JSON, draft: the engine's answer}

  function words(name) {
    var template = document.getElementById("offline-strings");
    return template ? template.getAttribute("data-" + name) || "" : "";
  }

  function draftForm(element) {
    var form = element && element.closest && element.closest("form");
    return form && form.id === "entry-form" && form.hasAttribute("data-draft") ? form : null;
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.appendChild(tag);
    });
  }

  function keptSheet(url) {
    try {
      return JSON.parse(window.localStorage.getItem(KEPT + url) || "null");
    } catch (error) {
      return null;
    }
  }

  function scoresheet(form) {
    var url = form.getAttribute("data-scoresheet");
    var version = (form.querySelector("input[name=expected_version]") || {}).value;
    if (sheet && sheet.url === url && (sheet.version === version || navigator.onLine === false)) {
      return Promise.resolve(sheet);
    }
    if (navigator.onLine === false) {  // no connection: the sheet kept on this phone, if any
      sheet = keptSheet(url);
      return sheet ? Promise.resolve(sheet) : Promise.reject(new Error("offline"));
    }
    return fetch(url, {credentials: "same-origin", headers: {Accept: "application/json"}}).then(function (response) {
      if (!response.ok) {
        throw new Error(String(response.status));
      }
      return response.json();
    }).then(function (data) {
      sheet = {url: url, version: version, data: data};
      try {
        window.localStorage.setItem(KEPT + url, JSON.stringify(sheet));
      } catch (error) {
        // a full storage: scored online only
      }
      return sheet;
    }, function (error) {
      var kept = keptSheet(url);
      if (!kept) {
        throw error;
      }
      sheet = kept;
      return kept;
    });
  }

  function fields(form) {
    var out = {};
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") {
        (out[name] = out[name] || []).push(value);
      }
    });
    return out;
  }

  // Numbers as the sheet writes them: a true minus sign; the points a deal moves with their sign.
  function minus(value) {
    return String(value).replace("-", "\u2212");
  }

  function signed(value) {
    return value > 0 ? "+" + value : minus(value);
  }

  // "Аня +15 · Борис +100 · Вика +5": each player's value, written by *written*.
  function byName(names, values, written) {
    return names.map(function (name, seat) { return name + " " + written(values[seat]); }).join(" · ");
  }

  function line(label, text) {
    var p = document.createElement("p");
    p.className = "draft-line";
    var strong = document.createElement("strong");
    strong.textContent = label + " ";
    p.appendChild(strong);
    p.appendChild(document.createTextNode(text));
    return p;
  }

  // Whether *field* ("bid", "points[0]") is still blank in *entry*: nothing typed there yet.
  function blankIn(entry, field) {
    var value = entry;
    var parts = (field || "").match(/[^.[\]]+/g);
    if (!parts) {
      return false;
    }
    for (var i = 0; i < parts.length && value !== null && value !== undefined; i += 1) {
      value = value[parts[i]];
    }
    return value === null || value === undefined || value === "";
  }

  // *all*: false while the player types — a field he has not reached yet is no mistake, so what is
  // said of blank fields waits for Save; true when a save is refused, which shows every violation.
  function show(form, draft, names, took, all) {
    var box = document.getElementById("draft-verdict");
    if (!box || !form.contains(box)) {
      box = document.createElement("div");
      box.id = "draft-verdict";
      box.className = "draft-verdict";
      box.setAttribute("aria-live", "polite");
      // Under the Save row, never above it: the verdict comes and goes as the player types, and the
      // button he is about to tap must not move under his thumb (or under the keyboard).
      var actions = form.querySelector(".actions");
      form.insertBefore(box, actions ? actions.nextSibling : null);
    }
    box.textContent = "";
    if (draft.row) {
      box.appendChild(line(words("draft-row"), byName(names, draft.row.deltas, signed)));
      box.appendChild(line(words("draft-totals"), byName(names, draft.totals, minus)));
    }
    var said = draft.violations.filter(function (violation) {
      return all || !blankIn(draft.entry, violation.field);
    });
    if (said.length) {
      var list = document.createElement("ul");
      list.className = "errorlist";
      said.forEach(function (violation) {
        var item = document.createElement("li");
        item.textContent = violation.message;
        item.setAttribute("data-code", violation.code);
        item.setAttribute("data-field", violation.field || "");
        item.setAttribute("data-severity", violation.severity);
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    box.setAttribute("data-ms", String(Math.round(took)));
  }

  function check(form, since) {
    var mine = ++asked;
    var posted = fields(form);
    var key = JSON.stringify(posted);
    return scoresheet(form).then(function (kept) {
      // What every game's reading reads a form with (static/js/draft_reading.js), then the game's own.
      var src = form.getAttribute("data-draft");
      scripts[readingUrl] = scripts[readingUrl] || loadScript(readingUrl);
      scripts[src] = scripts[src] || scripts[readingUrl].then(function () { return loadScript(src); });
      return scripts[src].then(function () { return kept.data; });
    }).then(function (data) {
      var read = window.scorebookDrafts && window.scorebookDrafts[data.game];
      if (!read || data.stopped_at || mine !== asked) {
        return null;
      }
      var numbers = data.rows.map(function (row) { return row.number; }).concat(data.voided || []);
      var entry = read(posted, data.players.length, data.state);
      return answer({
        game: data.game, players: data.players, language: document.documentElement.lang || "en",
        state: data.state, last_deal: Math.max.apply(null, [0].concat(numbers)),
        draft: {entry: entry},
      }).then(function (out) {
        if (mine === asked) {
          out.draft.entry = entry;
          verdict = {key: key, draft: out.draft, names: data.players};
          show(form, out.draft, data.players, window.performance.now() - since, false);
        }
      });
    }).catch(function () {});
  }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = draftForm(event.target);
      if (form) {
        check(form, window.performance.now());
      }
    });
  });

  // A played deal queued offline (static/js/offline.js asks, before it clears the form): its number,
  // the points it moves and the totals after it as the phone scored them, for the queue and the
  // sheet to show ("not sent yet"); null when the phone did not score it; and the next draft is scored after it, on the
  // state the engine left (the kept sheet moves on by this deal, as the forms' version does).
  function queued(form, submitter) {
    var action = submitter && submitter.value;
    if (!form || !draftForm(form) || (action && action !== "play") || !verdict || !verdict.draft.row ||
        !sheet || verdict.key !== JSON.stringify(fields(form))) {
      fallBehind();
      return null;
    }
    var data = sheet.data;
    data.state = verdict.draft.state;
    data.totals = verdict.draft.totals;
    data.rows = data.rows.concat([{number: verdict.draft.number}]);
    sheet.version = String(parseInt(sheet.version, 10) + 1);
    try {
      window.localStorage.setItem(KEPT + sheet.url, JSON.stringify(sheet));
    } catch (error) {
      // kept for this page only
    }
    // Written as the sheet writes them, for offline.js to show as they are.
    var row = {number: verdict.draft.number, totals: data.totals.map(minus),
               deltas: verdict.draft.row.deltas.map(function (delta) { return delta ? signed(delta) : ""; }),
               text: words("draft-totals") + " " + byName(data.players, data.totals, minus)};
    verdict = null;
    var box = document.getElementById("draft-verdict");
    if (box) {
      box.textContent = "";  // the form is cleared for the next deal
    }
    return row;
  }
  window.scorebookEngine.queued = queued;

  // Any other write queued (a penalty, a redeal, Khrap's "Nobody khrapped", a deal typed faster than
  // it was scored): the phone does not know the state after it, so the kept sheet no longer says where
  // the next deal goes (a khrap in circle 2 after a silent circle would be refused on a sheet still in
  // circle 1). It is dropped: drafts wait for the server's sheet, and nothing is refused offline.
  function fallBehind() {
    var main = document.querySelector("#entry-form[data-scoresheet]");
    var url = main ? main.getAttribute("data-scoresheet") : sheet && sheet.url;
    if (!url) {
      return;
    }
    sheet = null;
    verdict = null;
    asked += 1;  // a verdict on its way was scored on the sheet dropped
    try {
      window.localStorage.removeItem(KEPT + url);
    } catch (error) {
      // nothing kept
    }
    var box = document.getElementById("draft-verdict");
    if (box) {
      box.textContent = "";
    }
  }

  // Offline, a played deal the engine refused as typed is not queued: its violations are on screen.
  // Capture on the window runs before static/js/offline.js's capture on the document.
  window.addEventListener("submit", function (event) {
    var form = draftForm(event.target);
    var action = event.submitter && event.submitter.value;
    if (!form || navigator.onLine !== false || (action && action !== "play") || !verdict) {
      return;
    }
    var refused = verdict.draft.violations.some(function (v) { return v.severity === "error"; });
    if (refused && verdict.key === JSON.stringify(fields(form))) {
      event.preventDefault();
      event.stopImmediatePropagation();
      show(form, verdict.draft, verdict.names, 0, true);
      var box = document.getElementById("draft-verdict");
      box.setAttribute("data-refused", "");
      box.scrollIntoView({block: "nearest"});
    }
  }, true);
  document.documentElement.setAttribute("data-engine", "starting");

  // "works offline ✓": this script, the worker's and every file it loaded are kept by the service worker.
  // On the first visit the engine may start before the service worker controls the page: what it
  // fetched then went past it, so the page asks the service worker to keep the missing files.
  function markWhenKept(files) {
    if (!window.caches || !navigator.serviceWorker) {
      return;
    }
    var form = document.querySelector("#entry-form[data-draft]");
    var wanted = [script.src, workerUrl].concat(form ? [readingUrl, form.getAttribute("data-draft")] : [], files).map(function (url) { return new URL(url, window.location.href).href; });
    var tries = 0;
    function check() {
      Promise.all(wanted.map(function (url) { return window.caches.match(url, {ignoreVary: true}); })).then(function (kept) {
        if (kept.every(Boolean)) {
          document.documentElement.setAttribute("data-engine", "offline");
          showMark();
          return;
        }
        tries += 1;
        var missing = wanted.filter(function (url, index) { return !kept[index]; });
        if (tries <= 30) {
          navigator.serviceWorker.ready.then(function (registration) {
            if (registration.active) {
              registration.active.postMessage({keep: missing});
            }
          });
        }
        if (tries <= 30) {
          window.setTimeout(check, 2000);
        }
      });
    }
    navigator.serviceWorker.ready.then(check);
  }

  function showMark() {
    var words = document.getElementById("offline-strings");
    var header = document.querySelector(".site-header");
    if (!words || !header || document.getElementById("works-offline")) {
      return;
    }
    var mark = document.createElement("span");
    mark.id = "works-offline";
    mark.className = "works-offline";
    // Styled here, not in app.css: nothing of the engine on the first paint's way.
    mark.style.fontSize = "0.8rem";
    mark.style.color = "#1a7f37";
    mark.style.whiteSpace = "nowrap";
    mark.textContent = words.getAttribute("data-works-offline");
    mark.title = words.getAttribute("data-works-offline-note");
    header.appendChild(mark);
  }

  var retries = 0;

  function whenStarted(starting) {
    starting.then(function (files) {
      document.documentElement.setAttribute("data-engine", "ready");
      markWhenKept(files);
    }, function () {
      document.documentElement.setAttribute("data-engine", "failed");
      worker.terminate();
      if (retries < 3) {
        retries += 1;
        window.addEventListener("online", function () {
          document.documentElement.setAttribute("data-engine", "starting");
          whenStarted(start());
        }, {once: true});
      }
    });
  }

  whenStarted(ready);
})();
