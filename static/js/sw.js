// The service worker, served at /sw.js by scorebook/web/live.py, which writes
// CACHE, SHELL, OFFLINE_PAGE, STATIC_PREFIX and ENGINE above this line.
//
// Pages: network first (the sheet must be fresh), the last copy when there is no connection, the
// offline page when there is no copy. Static files: cache first (their names change with their
// content in production). Writes and the polls are never touched: a deal entered offline is
// queued by static/js/offline.js in the page, not here. The referee in the phone: its worker's
// script (ENGINE) network first, its last copy without a connection; its files are static files.
/* global CACHE, SHELL, OFFLINE_PAGE, STATIC_PREFIX, ENGINE */
"use strict";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorebook-") === 0 && name !== CACHE;
    }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () {
    return self.clients.claim();
  }));
});

// Pages worth keeping for a table without Wi-Fi: my matches, a match, a watch page.
function keepsPage(url) {
  return !/^\/(accounts|admin|api|i18n)\//.test(url.pathname);
}

// An answer the server says no cache may keep (an export, the API token page) is not kept here either.
function mayKeep(response) {
  return !/no-store/.test(response.headers.get("Cache-Control") || "");
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    var url = new URL(request.url);
    if (response.ok && response.type === "basic" && keepsPage(url) && mayKeep(response)) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }, function () {
    return caches.match(request).then(function (kept) {
      return kept || caches.match(OFFLINE_PAGE);
    });
  });
}

function engineScript(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }, function () {
    // Its answer varies by language and cookie; the script is the same for all of them.
    return caches.match(request, {ignoreVary: true}).then(function (kept) {
      return kept || Response.error();
    });
  });
}

function cacheFirst(request) {
  return caches.match(request).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

// The page asks for the engine's files to be kept (static/js/phone.js): same-origin addresses only.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  var ours = urls.filter(function (url) {
    var address = new URL(url, self.location.href);
    return address.origin === self.location.origin &&
      (address.pathname === ENGINE || address.pathname.indexOf(STATIC_PREFIX) === 0);
  });
  if (ours.length) {
    event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ours); }).catch(function () {}));
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (url.pathname === ENGINE) {
    event.respondWith(engineScript(request));
  } else if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  }
  // Everything else (htmx's polls and fragments) goes to the network as if there were no worker.
});
