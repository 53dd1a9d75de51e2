// The Thirteens entry form as the entry it describes, in the browser: what
// scorebook/games/thirteens/form.py's entry_from_post does for a played deal, its tricks card by card
// or its points counted by hand, for the referee in the phone (static/js/phone.js) to score while
// the player taps. The penalty has a form of its own. The server still reads the form itself when
// the deal is saved; tests/scorebook/test_phone_drafts.py holds the two readings equal (run in Node).
(function () {
  "use strict";

  var reading = window.scorebookDrafts.reading;  // static/js/draft_reading.js, loaded first
  var number = reading.number;
  var reader = reading.reader;
  var words = reading.words;

  var NO_TRUMP = "none";  // seed 004: a turned joker means no trumps

  // form.py's _tricks(): each seat's tricks (one text of card codes each), and the trick still
  // picked in the grid as one more trick of who took it (the first seat when none is picked).
  function tricks(post, seats) {
    var taken = [];
    for (var seat = 0; seat < seats; seat += 1) {
      taken.push(post.all("trick_" + seat).map(words).filter(function (trick) { return trick.length; }));
    }
    var picked = post.all("pick").filter(function (code) { return reading.strip(code) !== ""; });
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
