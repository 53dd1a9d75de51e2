// The service worker, served at /sw.js by scorebook/web/live.py, which writes
// CACHE, SHELL, OFFLINE_PAGE and STATIC_PREFIX above this line.
//
// Pages: network first (the sheet must be fresh), the last copy when there is no connection, the
// offline page when there is no copy. Static files: cache first (their names change with their
// content in production). Writes and the polls are never touched: a deal entered offline is
// queued by static/js/offline.js in the page, not here.
/* global CACHE, SHELL, OFFLINE_PAGE, STATIC_PREFIX */
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

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
  }
  // Everything else (htmx's polls and fragments) goes to the network as if there were no worker.
});
