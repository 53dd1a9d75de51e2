// The Tong Its entry form as the entry it describes, in the browser: what
// scorebook/games/tongits/form.py's entry_from_post does for a hand, entered in counts (the quick
// entry, "result") or card by card ("play"), for the referee in the phone (static/js/phone.js) to
// score while the player taps. The penalty has a form of its own. The server still reads the form
// itself when the hand is saved; tests/scorebook/test_phone_drafts.py holds the two readings equal
// (run in Node).
(function () {
  "use strict";

  var reading = window.scorebookDrafts.reading;  // static/js/draft_reading.js, loaded first
  var number = reading.number;
  var reader = reading.reader;
  var codePoints = reading.codePoints;
  var compareText = reading.compareText;

  var QUICK = "quick";
  // referee/games/tongits: seed 002, "Старшинство карт: Т, 2, 3, … К" (ace low).
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var MELD_SLOTS = 4;  // form.py's MELD_SLOTS: 13 cards make at most four melds of three

  // form.py's _sorted(): each card once, low to high in Tong Its order, then by suit; whatever is
  // no card after them, in text order. The suit is the last character, the rank what is before it.
  function sortedCards(codes) {
    var unique = codes.filter(function (code, index) { return codes.indexOf(code) === index; });
    function key(code) {
      var points = codePoints(code);
      var suitLength = !points.length ? 0 : (points[points.length - 1] > 0xFFFF ? 2 : 1);
      var index = RANKS.indexOf(code.slice(0, code.length - suitLength));
      return index >= 0 ? [0, index, code.slice(code.length - suitLength)] : [1, 0, code];
    }
    return unique.map(function (code) { return {code: code, key: key(code)}; }).sort(function (a, b) {
      return a.key[0] - b.key[0] || a.key[1] - b.key[1] || compareText(a.key[2], b.key[2]);
    }).map(function (item) { return item.code; });
  }

  // *fields*: {name: [values]} as the form would post them; *state*: the referee's state (dumped).
  function draft(fields, seats, state) {
    var post = reader(fields);
    var entry = {type: post.one("mode") === QUICK ? "result" : "play"};
    var ending = post.one("ending") || null;
    if (ending !== null) {
      entry.ending = ending;
    }
    // The fields of the other endings are hidden on the page: what is still ticked there is not
    // part of this hand.
    if (ending === "tongit" || ending === "draw") {
      entry.caller = number(post.one("caller"));
    }
    if (ending === "draw") {
      entry.challengers = post.all("challengers").map(number);
    }
    if (ending === "stock_out") {
      entry.last_draw = number(post.one("last_draw"));
    }
    var seat;
    if (entry.type === "result") {
      var counts = [];
      for (seat = 0; seat < seats; seat += 1) {
        counts.push(number(post.one("count_" + seat)));
      }
      var caller = entry.caller;
      if (ending === "tongit" && typeof caller === "number" && caller >= 0 && caller < seats && counts[caller] === null) {
        counts[caller] = 0;  // RULES.md: "a tongit caller's count is 0"; the losers' stay null
      }
      entry.counts = counts;
      entry.burned = post.all("burned").map(number);
      var aces = number(post.one("winner_aces"));
      var fours = number(post.one("winner_fours"));
      entry.winner_aces = aces === null ? 0 : aces;
      entry.winner_fours = fours === null ? 0 : fours;
      return entry;
    }
    var hands = [];
    for (seat = 0; seat < seats; seat += 1) {
      var melds = [];
      var secret = [];
      for (var slot = 0; slot < MELD_SLOTS; slot += 1) {
        var cards = sortedCards(post.all("meld_" + seat + "_" + slot));
        if (cards.length) {
          (post.one("concealed_" + seat + "_" + slot) ? secret : melds).push(cards);
        }
      }
      var hand = {melds: melds};
      if (secret.length) {
        hand.secret = secret;
      }
      hand.hand = sortedCards(post.all("hand_" + seat));
      hands.push(hand);
    }
    entry.hands = hands;
    return entry;
  }

  window.scorebookDrafts = window.scorebookDrafts || {};
  window.scorebookDrafts.tongits = draft;
})();
