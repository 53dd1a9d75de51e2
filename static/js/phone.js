// The page's side of the referee in the phone (the worker: static/js/engine.js). Loaded by
// static/js/offline.js once the page is interactive, never on the way to the first paint. Where
// WebAssembly or workers are missing it does nothing: the pages work as before, through the server.
//
// window.scorebookEngine.answer(request) -> a Promise of scorebook/phone/engine.py's answer;
// window.scorebookEngine.ready -> a Promise, resolved once the engine has started.
// Once every file the engine needs is in the service worker's cache, the page says "works offline ✓".
(function () {
  "use strict";

  var script = document.currentScript;
  var workerUrl = script && script.getAttribute("data-engine");
  if (!workerUrl || typeof WebAssembly !== "object" || typeof Worker !== "function") {
    return;  // no engine here: today's behaviour, every check from the server
  }

  var worker = new Worker(workerUrl);
  var waiting = {};
  var counter = 0;
  var started, failed;
  var ready = new Promise(function (resolve, reject) { started = resolve; failed = reject; });
  ready.catch(function () {});

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
  document.documentElement.setAttribute("data-engine", "starting");

  // "works offline ✓": this script, the worker's and every file it loaded are kept by the service worker.
  // On the first visit the engine may start before the service worker controls the page: what it
  // fetched then went past it, so the page asks the service worker to keep the missing files.
  function markWhenKept(files) {
    if (!window.caches || !navigator.serviceWorker) {
      return;
    }
    var wanted = [script.src, workerUrl].concat(files).map(function (url) { return new URL(url, window.location.href).href; });
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

  ready.then(function (files) {
    document.documentElement.setAttribute("data-engine", "ready");
    markWhenKept(files);
  }, function () {
    document.documentElement.setAttribute("data-engine", "failed");
  });
})();
