// The referee in the phone: a Web Worker running referee/ on Pyodide. Served at /engine.js by
// scorebook/web/live.py (engine_worker), which writes PYODIDE_URL, INDEX_URL and ARCHIVE_URL above
// this line, and whose answer alone carries 'wasm-unsafe-eval' in its Content-Security-Policy.
//
// Started by static/js/phone.js once the page is interactive. Pyodide's files and the archive of
// referee/ (named by its content: the server's own rules) are static files, kept by the service
// worker, so the engine starts without a connection once it has started with one.
//
// Messages: {id, request} in (scorebook/phone/engine.py's answer(), JSON), {id, answer} or
// {id, error} out; and once {ready: true, files: [...]} or {failed: "..."}.
/* global PYODIDE_URL, INDEX_URL, ARCHIVE_URL, loadPyodide */
"use strict";

// A start cut short (the connection lost while Pyodide's files download) is reported once, as
// {failed}; the loader's other downloads then fail too, and are not errors of the page.
self.addEventListener("unhandledrejection", function (event) {
  event.preventDefault();
});

var engine = Promise.resolve().then(function () {
  importScripts(PYODIDE_URL);
  return loadPyodide({indexURL: INDEX_URL});
}).then(function (pyodide) {
  return fetch(ARCHIVE_URL).then(function (response) {
    if (!response.ok) {
      throw new Error("the referee's archive: " + response.status);
    }
    return response.arrayBuffer();
  }).then(function (archive) {
    // referee/, the engine as phone_engine.py and its wording at its own path (scorebook/phone/
    // wording.py, which the engine imports by the server's name): all importable from /engine.
    pyodide.unpackArchive(archive, "zip", {extractDir: "/engine"});
    pyodide.runPython("import sys\nsys.path.insert(0, '/engine')\nimport phone_engine\n" +
                      "phone_engine.load_catalogues('/engine/locale')");
    return pyodide.globals.get("phone_engine").answer_json;
  });
});

engine.then(function () {
  self.postMessage({ready: true, files: [PYODIDE_URL, INDEX_URL + "pyodide.asm.js", INDEX_URL + "pyodide.asm.wasm",
                                         INDEX_URL + "python_stdlib.zip", INDEX_URL + "pyodide-lock.json", ARCHIVE_URL]});
}, function (error) {
  self.postMessage({failed: String(error)});
});

self.addEventListener("message", function (event) {
  var id = event.data && event.data.id;
  engine.then(function (answer) {
    self.postMessage({id: id, answer: JSON.parse(answer(JSON.stringify(event.data.request)))});
  }).catch(function (error) {
    self.postMessage({id: id, error: String(error)});
  });
});
