// A game's reading of its entry form in the browser (static/games/<game>/draft.js), run in Node for
// tests/scorebook/test_phone_drafts.py:  node run_drafts.js <draft.js> <game> <cases.json>
// prints the entry read from each case ({fields, seats, state}), in order, as JSON.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [script, game, casesFile] = process.argv.slice(2);
const context = {window: {}};
// What every game's reading reads a form with, loaded first as static/js/phone.js loads it.
vm.runInNewContext(fs.readFileSync(path.join(__dirname, "..", "..", "static", "js", "draft_reading.js"), "utf8"), context);
vm.runInNewContext(fs.readFileSync(script, "utf8"), context);
const read = context.window.scorebookDrafts[game];
const cases = JSON.parse(fs.readFileSync(casesFile, "utf8"));
process.stdout.write(JSON.stringify(cases.map((c) => read(c.fields, c.seats, c.state))));
