// The 1000 entry form as the entry it describes, in the browser: what
// scorebook/games/thousand/form.py's entry_from_post does for a played deal, for the referee in the
// phone (static/js/phone.js) to score while the player types. The server still reads the form
// itself when the deal is saved; tests/scorebook/test_phone_drafts.py holds the two readings equal (run in Node).
(function () {
  "use strict";

  var CARD_POINTS = 120;  // referee/games/thousand: 24 cards

  // Python's str.isspace() characters: what the server's str.strip() takes away (JavaScript's
  // trim() differs: it takes U+FEFF and leaves U+001C–U+001F and U+0085).
  var SPACE = "\t\n\u000b\u000c\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
  var STRIP = new RegExp("^[" + SPACE + "]+|[" + SPACE + "]+$", "g");

  // scorebook/games/forms.py's number(): a typed whole number, blank as null, else the text as typed.
  function number(text) {
    if (text === undefined || text === null) {
      return null;
    }
    var cleaned = String(text).replace(STRIP, "").replace(/\u2212/g, "-");
    if (cleaned === "") {
      return null;
    }
    return /^-?[0-9]{1,6}$/.test(cleaned) ? parseInt(cleaned, 10) : cleaned;
  }

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

  // A text's code points: Python orders texts by them, JavaScript's sort() by UTF-16 units.
  function codePoints(text) {
    var points = [];
    for (var i = 0; i < text.length; i += 1) {
      var unit = text.charCodeAt(i);
      var next = text.charCodeAt(i + 1);
      if (unit >= 0xD800 && unit <= 0xDBFF && next >= 0xDC00 && next <= 0xDFFF) {
        points.push((unit - 0xD800) * 0x400 + (next - 0xDC00) + 0x10000);
        i += 1;
      } else {
        points.push(unit);
      }
    }
    return points;
  }

  function compareText(a, b) {
    var x = codePoints(a);
    var y = codePoints(b);
    for (var i = 0; i < x.length && i < y.length; i += 1) {
      if (x[i] !== y[i]) {
        return x[i] - y[i];
      }
    }
    return x.length - y.length;
  }

  // form.py's sorted(set(...)): each value once, in Python's order.
  function unique(values) {
    return values.filter(function (value, index) { return values.indexOf(value) === index; }).sort(compareText);
  }

  // *fields*: {name: [values]} as the form would post them; *state*: the referee's state (dumped).
  function draft(fields, seats, state) {
    function one(name) {  // the last value sent under *name*, as Django's QueryDict.get reads it
      var values = fields[name];
      return values && values.length ? values[values.length - 1] : undefined;
    }
    function all(name) {
      return fields[name] || [];
    }
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
