// The Khrap entry form as the entry it describes, in the browser: what
// scorebook/games/khrap/form.py's entry_from_post does for what the main form saves (a played deal,
// or "Nobody khrapped"; the revoke, the penalty and the close have forms of their own), for the
// referee in the phone (static/js/phone.js) to score while the player types. The server still reads
// the form itself when the deal is saved; tests/scorebook/test_phone_drafts.py holds the two readings
// equal (run in Node).
(function () {
  "use strict";

  var reading = window.scorebookDrafts.reading;  // static/js/draft_reading.js, loaded first
  var number = reading.number;
  var reader = reading.reader;

  var TRICKS = 5;  // referee/games/khrap: seed 003, five cards each, so five tricks
  var NOBODY = "none";  // the khraper picker's "nobody": a silent circle

  // form.py's tricks_taken(): an empty field took none, but for the one that gets "the rest of 5"
  // (never below 0): the one empty field, or with several the khraper's. Nothing typed at all: all 0.
  function tricksTaken(typed, khraper) {
    var blank = [];
    var numbers = [];
    typed.forEach(function (value, seat) {
      if (value === null) {
        blank.push(seat);
      } else if (typeof value === "number") {
        numbers.push(value);
      }
    });
    if (!blank.length) {
      return typed;
    }
    if (!numbers.length || numbers.length + blank.length !== typed.length) {
      return typed.map(function (value) { return value === null ? 0 : value; });
    }
    var rest = Math.max(TRICKS - numbers.reduce(function (a, b) { return a + b; }, 0), 0);
    var taker = blank.length === 1 ? blank[0] : (blank.indexOf(khraper) >= 0 ? khraper : null);
    return typed.map(function (value, seat) {
      return value === null ? (seat === taker ? rest : 0) : value;
    });
  }

  // *fields*: {name: [values]} as the form would post them; *state*: the referee's state (dumped).
  function draft(fields, seats, state) {
    var post = reader(fields);
    var action = fields.action ? post.one("action") : "play";
    var khrap = post.one("khrap");
    if (action === "no_khrap" || khrap === NOBODY) {
      return {type: "no_khrap"};  // seed 003: nobody dared to khrap, a silent circle
    }
    var khraper = number(khrap);
    var typed = [];
    for (var seat = 0; seat < seats; seat += 1) {
      typed.push(number(post.one("tricks_" + seat)));
    }
    var entry = {type: "play", khrap: khraper, circle: number(post.one("circle")), dark: post.one("dark") === "on",
                 tricks: tricksTaken(typed, khraper)};
    var revoked = post.all("renonce").map(number);
    if (revoked.length) {
      entry.renonce = revoked;  // RULES.md: a revoke belongs to its deal
    }
    return entry;
  }

  window.scorebookDrafts = window.scorebookDrafts || {};
  window.scorebookDrafts.khrap = draft;
})();
