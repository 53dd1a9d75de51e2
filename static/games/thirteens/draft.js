// The Thirteens entry form as the entry it describes, in the browser: what
// scorebook/games/thirteens/form.py's entry_from_post does for a played deal, its tricks card by card
// or its points counted by hand, for the referee in the phone (static/js/phone.js) to score while
// the player taps. The penalty has a form of its own. The server still reads the form itself when
// the deal is saved; tests/scorebook/test_phone_drafts.py holds the two readings equal (run in Node).
(function () {
  "use strict";

  var NO_TRUMP = "none";  // seed 004: a turned joker means no trumps

  // Python's str.isspace() characters: what the server's str.strip() and str.split() take away
  // (JavaScript's trim() differs: it takes U+FEFF and leaves U+001C–U+001F and U+0085).
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

  // What Django's form fields read from a POST: one value is the last one sent under its name
  // (QueryDict.get), several are every value in the order sent (QueryDict.getlist).
  function reader(fields) {
    return {
      one: function (name) {
        var values = fields[name];
        return values && values.length ? values[values.length - 1] : null;
      },
      all: function (name) {
        return (fields[name] || []).slice();
      }
    };
  }

  var SPACES = new RegExp("[" + SPACE + "]+");

  // Python's str.split(): the words between runs of white space.
  function words(text) {
    return text.split(SPACES).filter(function (word) { return word !== ""; });
  }

  // form.py's _tricks(): each seat's tricks (one text of card codes each), and the trick still
  // picked in the grid as one more trick of who took it (the first seat when none is picked).
  function tricks(post, seats) {
    var taken = [];
    for (var seat = 0; seat < seats; seat += 1) {
      taken.push(post.all("trick_" + seat).map(words).filter(function (trick) { return trick.length; }));
    }
    var picked = post.all("pick").filter(function (code) { return code.replace(STRIP, "") !== ""; });
    if (picked.length) {
      var taker = number(post.one("pick_seat"));
      taken[typeof taker === "number" && taker >= 0 && taker < seats ? taker : 0].push(picked);
    }
    return taken;
  }

  // *fields*: {name: [values]} as the form would post them; *state*: the referee's state (dumped).
  function draft(fields, seats, state) {
    var post = reader(fields);
    var entry = {type: "play"};
    var trump = post.one("trump") || "";
    if (trump === NO_TRUMP) {
      entry.trump = null;
    } else if (trump) {
      entry.trump = trump;
    }
    if (post.one("mode") === "points") {
      var points = [];
      for (var seat = 0; seat < seats; seat += 1) {
        points.push(number(post.one("points_" + seat)));
      }
      entry.points = points;
    } else {
      entry.tricks = tricks(post, seats);
    }
    return entry;
  }

  window.scorebookDrafts = window.scorebookDrafts || {};
  window.scorebookDrafts.thirteens = draft;
})();
