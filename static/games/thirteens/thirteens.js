// The Thirteens entry form (templates/scorebook/games/thirteens/form.html): "Add the trick" moves the cards
// picked in the grid into the chosen player's list as one hidden field ("KH QD 6S"), and a card already
// in a trick is disabled in the grid. Without this script the cards still picked when saving count as
// one trick of the chosen player; the referee checks every trick either way.
(function () {
  "use strict";
  if (window.scorebookThirteens) {
    return; // htmx runs the script again after each swap: the listeners below are document-wide
  }
  window.scorebookThirteens = true;

  function picks(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[name=pick]"));
  }

  function usedCodes(form) {
    var used = {};
    form.querySelectorAll("input[type=hidden][name^=trick_]").forEach(function (input) {
      input.value.split(/\s+/).forEach(function (code) {
        if (code) {
          used[code] = true;
        }
      });
    });
    return used;
  }

  function sync(form) {
    var used = usedCodes(form);
    picks(form).forEach(function (box) {
      box.disabled = !!used[box.value];
      if (box.disabled) {
        box.checked = false;
      }
      box.closest(".card-pick").classList.toggle("taken", box.disabled);
    });
    form.querySelectorAll(".player-tricks").forEach(function (section) {
      var count = section.querySelectorAll("[data-tricks] > li").length;
      var badge = section.querySelector("[data-trick-count]");
      if (badge) {
        badge.textContent = count;
      }
      var none = section.querySelector("[data-no-tricks]");
      if (none) {
        none.hidden = count > 0;
      }
    });
    var counter = form.querySelector("[data-card-grid] [data-card-count]");
    if (counter) {
      counter.textContent = form.querySelectorAll("input[name=pick]:checked").length;
    }
  }

  function changed(form) {
    sync(form);
    document.body.dispatchEvent(new CustomEvent("tricks-changed", {bubbles: true}));
    // A trick added or removed changes what the form posts with no input of its own changed: the
    // referee in the phone (static/js/phone.js) scores the form again on its "change".
    form.dispatchEvent(new Event("change", {bubbles: true}));
  }

  // Tap order: a trick is kept in the order its cards were picked (the order they were played).
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches(".thirteens-form input[name=pick]")) {
      return;
    }
    var form = box.form;
    var order = (form.dataset.order || "").split(" ").filter(function (c) { return c && c !== box.value; });
    if (box.checked) {
      order.push(box.value);
    }
    form.dataset.order = order.join(" ");
    form.querySelector("[data-trick-hint]").classList.remove("errorlist");
    sync(form); // the grid's "Picked: n"
  });

  document.addEventListener("click", function (event) {
    var add = event.target.closest ? event.target.closest("[data-add-trick]") : null;
    var remove = event.target.closest ? event.target.closest("[data-remove-trick]") : null;
    if (add) {
      addTrick(add.form || add.closest("form"));
    } else if (remove && remove.closest(".thirteens-form")) {
      var form = remove.closest("form");
      remove.closest("li").remove();
      changed(form);
    }
  });

  function addTrick(form) {
    var checked = picks(form).filter(function (box) { return box.checked; });
    var seats = parseInt(form.dataset.seats, 10);
    var hint = form.querySelector("[data-trick-hint]");
    var seat = form.querySelector("input[name=pick_seat]:checked");
    if (!checked.length || !seat) {
      return;
    }
    if (checked.length !== seats) {
      hint.classList.add("errorlist"); // "A trick holds N cards": shown as an error until fixed
      return;
    }
    var order = (form.dataset.order || "").split(" ");
    checked.sort(function (a, b) {
      var i = order.indexOf(a.value), j = order.indexOf(b.value);
      return (i < 0 ? 99 : i) - (j < 0 ? 99 : j);
    });
    var item = form.querySelector("template[data-trick-template]").content.firstElementChild.cloneNode(true);
    var input = item.querySelector("input");
    input.name = "trick_" + seat.value;
    input.value = checked.map(function (box) { return box.value; }).join(" ");
    var faces = item.querySelector(".trick-cards");
    checked.forEach(function (box) {
      var face = document.createElement("span");
      var label = box.nextElementSibling;
      face.className = "card-face " + (box.value.charAt(0) === "X" ? "card-joker" : label.className);
      face.dataset.code = box.value;
      face.textContent = label.textContent;
      faces.appendChild(face);
      box.checked = false;
    });
    form.querySelector(".player-tricks[data-seat='" + seat.value + "'] [data-tricks]").appendChild(item);
    form.dataset.order = "";
    hint.classList.remove("errorlist");
    changed(form);
  }

  // The referee's "who takes this trick?" (templates/scorebook/games/thirteens/checks.html): the cards in
  // the order they were tapped, kept in a hidden field and shown as "Played: 10♥ K♥ X1".
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("form[data-play-order] input[name=cards]")) {
      return;
    }
    var form = box.form;
    var field = form.querySelector("[data-order]");
    var order = field.value.split(" ").filter(function (c) { return c && c !== box.value; });
    if (box.checked) {
      order.push(box.value);
    }
    field.value = order.join(" ");
    showOrder(form);
  });
  document.addEventListener("reset", function (event) {
    var form = event.target;
    if (form.matches && form.matches("form[data-play-order]")) {
      form.querySelector("[data-order]").value = "";
      setTimeout(function () { showOrder(form); }, 0);
    }
  }, true);

  function showOrder(form) {
    var list = form.querySelector("[data-order-list]");
    list.textContent = "";
    form.querySelector("[data-order]").value.split(" ").forEach(function (code) {
      var box = code && form.querySelector("input[name=cards][value='" + code + "']");
      if (box && box.checked) {
        var face = document.createElement("span");
        face.className = "card-face " + (code.charAt(0) === "X" ? "card-joker" : box.nextElementSibling.className);
        face.textContent = box.nextElementSibling.textContent;
        list.appendChild(face);
      }
    });
  }

  // The way a match's deals are entered (card by card, or points counted by hand) is kept on this
  // phone for the match: the next deal's form opens in the mode of the last one.
  function storedMode(form) {
    try {
      return form.dataset.modeKey ? window.localStorage.getItem(form.dataset.modeKey) : null;
    } catch (error) {
      return null; // storage refused (a private window): the form opens as served
    }
  }
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (box.matches && box.matches(".thirteens-form input[name=mode]") && box.form.dataset.modeKey) {
      try {
        window.localStorage.setItem(box.form.dataset.modeKey, box.value);
      } catch (error) {
        // nothing kept: the next form opens card by card
      }
    }
  });
  // Points counted by hand, tapped: the first player's points field takes the keyboard at once.
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (event.isTrusted && box.matches && box.matches(".thirteens-form input[name=mode][value=points]") && box.checked) {
      var first = box.form.querySelector(".mode-points input[inputmode=numeric]");
      if (first) {
        first.focus();
      }
    }
  });
  function restoreMode(form) {
    var mode = storedMode(form);
    var radio = mode && form.querySelector("input[name=mode][value='" + mode + "']");
    if (radio && !radio.checked) {
      radio.checked = true;
    }
  }

  function syncAll() {
    document.querySelectorAll("form.thirteens-form").forEach(function (form) {
      restoreMode(form);
      sync(form);
    });
  }
  document.addEventListener("DOMContentLoaded", syncAll);
  document.addEventListener("htmx:afterSettle", syncAll);
  syncAll();
})();
