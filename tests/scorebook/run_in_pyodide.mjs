// The referee on Pyodide in Node, for the differential test (tests/scorebook/test_phone_differential.py):
//   node run_in_pyodide.mjs <pyodide folder> <referee archive> <requests.json> <answers.json>
// loads Pyodide from node_modules, unpacks the archive the browser gets, and writes the engine's
// answer (scorebook/phone/engine.py, answer_json) to each request of the list, in order. Also the
// Python version Pyodide runs, and how long the start and the answers took.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [folder, archive, requestsFile, answersFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);

const started = Date.now();
const pyodide = await loadPyodide({ indexURL: folder + path.sep });
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: "/engine" });
pyodide.runPython(`
import sys
sys.path.insert(0, "/engine")
import phone_engine
phone_engine.load_catalogues("/engine/locale")
`);
const loaded = Date.now();
const answer = pyodide.globals.get("phone_engine").answer_json;
const requests = JSON.parse(readFileSync(requestsFile, "utf8"));
const answers = requests.map((request) => JSON.parse(answer(JSON.stringify(request))));
writeFileSync(answersFile, JSON.stringify({
  python: pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:3]))"),
  start_ms: loaded - started,
  answer_ms: Date.now() - loaded,
  answers,
}));
