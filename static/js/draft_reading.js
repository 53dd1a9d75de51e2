// How a game's reading of its entry form (static/games/<game>/draft.js) reads a form's fields as the
// server does: Python's whitespace, scorebook/games/forms.py's number(), Django's QueryDict (the last
// value of a name, or every value), Python's order of texts. Loaded by static/js/phone.js before a
// game's reading; tests/scorebook/run_drafts.js loads it the same way in Node.
(function () {
  "use strict";

  // Python's str.isspace() characters: what the server's str.strip() and str.split() take away
  // (JavaScript's trim() differs: it takes U+FEFF and leaves U+001C–U+001F and U+0085).
  var SPACE = "\t\n\u000b\u000c\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
  var STRIP = new RegExp("^[" + SPACE + "]+|[" + SPACE + "]+$", "g");
  var SPACES = new RegExp("[" + SPACE + "]+");

  // Python's str.strip().
  function strip(text) {
    return String(text).replace(STRIP, "");
  }

  // Python's str.split(): the words between runs of whitespace.
  function words(text) {
    return String(text).split(SPACES).filter(function (word) { return word !== ""; });
  }

  // scorebook/games/forms.py's number(): a typed whole number, blank as null, else the text as typed.
  function number(text) {
    if (text === undefined || text === null) {
      return null;
    }
    var cleaned = strip(text).replace(/\u2212/g, "-");
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

  // A text's code points: Python orders texts by them, JavaScript's sort() and < by UTF-16 units (a
  // character beyond U+FFFF would sort otherwise).
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

  // Python's order of two texts, for sort().
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

  window.scorebookDrafts = window.scorebookDrafts || {};
  window.scorebookDrafts.reading = {strip: strip, words: words, number: number, reader: reader, codePoints: codePoints,
                                    compareText: compareText};
})();
