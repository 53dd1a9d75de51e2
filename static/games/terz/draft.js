// The Terz entry form as the entry it describes, in the browser: what
// scorebook/games/terz/form.py's entry_from_post does for a played deal (the only entry the main form
// saves; the penalties have forms of their own), for the referee in the phone (static/js/phone.js)
// to score while the player types. The server still reads the form itself when the deal is saved;
// tests/scorebook/test_phone_drafts.py holds the two readings equal (run in Node).
(function () {
  "use strict";

  var reading = window.scorebookDrafts.reading;  // static/js/draft_reading.js, loaded first
  var number = reading.number;
  var reader = reading.reader;

  var CARD_POINTS = 150;  // referee/games/terz: seed 000, "Загальна кількість очок 150"
  var SLOTS = 8;  // form.py's SLOTS: the declaration slots decl_0 … decl_7

  // *fields*: {name: [values]} as the form would post them; *state*: the referee's state (dumped).
  function draft(fields, seats, state) {
    var post = reader(fields);
    var entry = {type: "play"};
    var trump = post.one("trump");
    if (trump) {
      entry.trump = trump;
    }
    var counter = number(post.one("counter"));
    if (typeof counter === "number" && counter >= 0 && counter < seats) {
      var counted = number(post.one("counted"));
      var other = number(post.one("other"));
      if (other === null && typeof counted === "number") {
        // Seed 000: the other player's points are what the counted ones leave of 150.
        other = CARD_POINTS - counted;
      }
      var points = [];
      for (var seat = 0; seat < seats; seat += 1) {
        points.push(seat === counter ? counted : other);
      }
      entry.points = points;
    }
    var lastTrick = number(post.one("last_trick"));
    if (lastTrick !== null) {
      entry.last_trick = lastTrick;
    }
    // The filled slots in order (form.py's slot_declarations): a slot without cards is no declaration.
    var declarations = [];
    for (var slot = 0; slot < SLOTS; slot += 1) {
      var cards = post.all("decl_" + slot);
      if (cards.length) {
        declarations.push({player: number(post.one("decl_" + slot + "_player")), cards: cards});
      }
    }
    entry.declarations = declarations;
    return entry;
  }

  window.scorebookDrafts = window.scorebookDrafts || {};
  window.scorebookDrafts.terz = draft;
})();
