// The referee's checks without a connection: a check of a game's page (/referee/<game>/, the
// forms in .referee-check) asked while the phone is offline, or whose request never got an answer,
// is answered by the referee in the phone (static/js/phone.js and its worker) instead: the same
// check of the game's checks.py, whose verdict the server draws with
// templates/scorebook/referee/_verdict.html and this script draws here, element for element.
// Without the engine (no WebAssembly, not started yet) the verdict says the check needs the server.
(function () {
  "use strict";

  var ADDRESS = /\/referee\/([a-z]+)\/([a-z]+)\/$/;

  function strings() {
    var template = document.getElementById("referee-offline-strings");
    return {
      local: template ? template.getAttribute("data-local") : "",
      unavailable: template ? template.getAttribute("data-unavailable") : ""
    };
  }

  function checkOf(form) {
    if (!form || !form.closest || !form.closest(".referee-check")) {
      return null;
    }
    var found = ADDRESS.exec(new URL(form.getAttribute("action") || "", window.location.href).pathname);
    return found ? {game: found[1], check: found[2]} : null;
  }

  function posted(formData) {
    var post = {};
    formData.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") {
        (post[name] = post[name] || []).push(value);
      }
    });
    return post;
  }

  function element(tag, css) {
    var made = document.createElement(tag);
    if (css) {
      made.className = css;
    }
    return made;
  }

  function addSpans(parent, spans) {
    spans.forEach(function (span) {
      if (span.css) {
        var inner = element("span", span.css);
        if (span.code) {
          inner.setAttribute("data-code", span.code); // a card (scorebook/phone/checking.py, span)
        }
        if (span.inner) {
          addSpans(inner, span.inner);  // one level: a declaration's cards, each in its colour
        } else {
          inner.textContent = span.text;
        }
        parent.appendChild(inner);
      } else {
        parent.appendChild(document.createTextNode(span.text));
      }
    });
  }

  // templates/scorebook/referee/_verdict.html, drawn from the same data.
  function drawVerdict(verdict) {
    var css = "verdict" + (verdict.tone ? " verdict-" + verdict.tone : "") + (verdict.css ? " " + verdict.css : "");
    var box = element("div", css);
    verdict.parts.forEach(function (part) {
      var made;
      if (part.kind === "p") {
        made = element("p", part.css);
        addSpans(made, part.spans);
      } else if (part.kind === "facts") {
        made = element("dl", part.css);
        part.rows.forEach(function (row) {
          var pair = element("div");
          var term = element("dt");
          term.textContent = row.term;
          var said = element("dd", row.css);
          addSpans(said, row.spans);
          pair.appendChild(term);
          pair.appendChild(said);
          made.appendChild(pair);
        });
      } else if (part.kind === "list") {
        made = element(part.ordered ? "ol" : "ul", part.css);
        part.items.forEach(function (entry) {
          var li = element("li", entry.css);
          addSpans(li, entry.spans);
          made.appendChild(li);
        });
      }
      if (made) {
        box.appendChild(made);
      }
    });
    return box;
  }

  function drawErrors(messages) {
    var box = element("div", "violations");
    box.setAttribute("role", "alert");
    var list = element("ul", "errorlist");
    messages.forEach(function (message) {
      var li = element("li");
      li.textContent = message;
      list.appendChild(li);
    });
    box.appendChild(list);
    return box;
  }

  function show(slot, drawn, note) {
    slot.replaceChildren(drawn);
    if (note) {
      var said = element("p", "help referee-local");
      said.textContent = note;
      slot.appendChild(said);
    }
  }

  function answerHere(form, formData) {
    var asked = checkOf(form);
    var slot = document.getElementById((form.getAttribute("hx-target") || "").replace(/^#/, ""));
    if (!asked || !slot) {
      return;
    }
    var words = strings();
    if (!window.scorebookEngine) {
      show(slot, drawErrors([words.unavailable]));
      return;
    }
    window.scorebookEngine.answer({
      game: asked.game, check: asked.check, post: posted(formData),
      language: document.documentElement.lang || "en"
    }).then(function (out) {
      var answer = out.check;
      show(slot, answer.errors.length ? drawErrors(answer.errors) : drawVerdict(answer.verdict), words.local);
    }, function () {
      show(slot, drawErrors([words.unavailable]));
    });
  }

  // Offline: answered here before htmx tries (capture on the document runs before htmx's listener).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine !== false || !checkOf(form)) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    answerHere(form, new FormData(form));
  }, true);

  // "Online" but no answer came (Wi-Fi without internet): the same.
  document.addEventListener("htmx:sendError", function (event) {
    var detail = event.detail || {};
    var form = detail.elt && (detail.elt.tagName === "FORM" ? detail.elt : detail.elt.form);
    if (checkOf(form)) {
      answerHere(form, (detail.requestConfig && detail.requestConfig.formData) || new FormData(form));
    }
  });
})();
