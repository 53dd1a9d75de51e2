// The 1000 entry form as the entry it describes, in the browser: what
// scorebook/games/thousand/form.py's entry_from_post does for a played deal, for the referee in the
// phone (static/js/phone.js) to score while the player types. The server still reads the form
// itself when the deal is saved; tests/scorebook/test_phone_drafts.py holds the two readings equal (run in Node).
(function () {
  "use strict";

  var reading = window.scorebookDrafts.reading;  // static/js/draft_reading.js, loaded first
  var number = reading.number;
  var reader = reading.reader;
  var compareText = reading.compareText;

  var CARD_POINTS = 120;  // referee/games/thousand: 24 cards

  // forms.py's the_rest(): the one blank field takes what the typed ones leave of the total.
  function theRest(values, total) {
    var blank = [];
    var typed = [];
    values.forEach(function (value, index) {
      if (value === null) {
        blank.push(index);
      } else if (typeof value === "number") {
        typed.push(value);
      }
    });
    if (blank.length !== 1 || typed.length !== values.length - 1) {
      return values;
    }
    var filled = values.slice();
    filled[blank[0]] = total - typed.reduce(function (a, b) { return a + b; }, 0);
    return filled;
  }

  // form.py's sorted(set(...)): each value once, in Python's order.
  function unique(values) {
    return values.filter(function (value, index) { return values.indexOf(value) === index; }).sort(compareText);
  }

  // *fields*: {name: [values]} as the form would post them; *state*: the referee's state (dumped).
  function draft(fields, seats, state) {
    var post = reader(fields);
    var one = post.one;
    var all = post.all;
    var declarer = number(one("declarer"));
    var bid = number(one("bid"));
    var contract = number(one("contract"));
    if (contract === null) {
      contract = bid;
    }
    var sittingOut = state.sitting_out === undefined ? null : state.sitting_out;
    var active = [];
    for (var seat = 0; seat < seats; seat += 1) {
      if (seat !== sittingOut) {
        active.push(seat);
      }
    }
    var played = theRest(active.map(function (s) { return number(one("points_" + s)); }), CARD_POINTS);
    var points = [];
    var marriages = [];
    var tricks = [];
    var held = [];
    for (seat = 0; seat < seats; seat += 1) {
      var out = seat === sittingOut;
      points.push(out ? null : played[active.indexOf(seat)]);
      marriages.push(out ? [] : unique(all("marriages_" + seat)));
      tricks.push(out ? null : number(one("tricks_" + seat)));
      held.push(unique(all("held_" + seat)));
    }
    var entry = {type: "play", declarer: declarer, bid: bid, contract: contract, points: points,
                 marriages: marriages, dark: one("dark") === "on"};
    if (tricks.some(function (t) { return t !== null; })) {
      entry.tricks = tricks;
    }
    if (held.some(function (h) { return h.length; })) {
      entry.marriages_held = held;
    }
    if (sittingOut !== null) {
      var talon = number(one("talon_points"));
      entry.talon_points = talon !== null ? talon : 0;
      if (one("talon_marriage")) {
        entry.talon_marriage = one("talon_marriage");
      }
    }
    return entry;
  }

  window.scorebookDrafts = window.scorebookDrafts || {};
  window.scorebookDrafts.thousand = draft;
})();
