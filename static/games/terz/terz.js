// Terz's tap grid for declarations (templates/scorebook/games/terz/fields.html): a player's kind
// tapped ("Остап: terz"), then its top card ("9♥"), fills the next empty declaration slot, its
// player and its cards ticked on the slot's card grid, where they can be checked (the slot's line
// says them). A hundred has a panel for each length. Without this script the grid stays hidden
// and the slots are filled card by card. And "who counted" tapped gives his points the keyboard.
(function () {
  "use strict";
  if (window.scorebookTerz) {
    return; // htmx runs the script again after each swap: the listeners below are document-wide
  }
  window.scorebookTerz = true;

  function showPickers() {
    document.querySelectorAll("[data-terz-quick]").forEach(function (picker) {
      picker.hidden = false;
    });
  }

  function emptySlot(form) {
    var slots = form.querySelectorAll(".terz-decl");
    for (var i = 0; i < slots.length; i++) {
      if (!slots[i].querySelector("input[type=checkbox]:checked")) {
        return slots[i];
      }
    }
    return null;
  }

  function panels(picker, kind) {
    return picker.querySelectorAll("[data-quick-panel='" + kind + "']");
  }

  function closeAll(picker) {
    picker.querySelectorAll("[data-quick-panel]").forEach(function (panel) { panel.hidden = true; });
    picker.querySelectorAll("[data-quick-kind]").forEach(function (button) {
      button.setAttribute("aria-pressed", "false");
    });
    delete picker.dataset.player;
  }

  function fill(picker, cards) {
    var form = picker.closest("form");
    var slot = form && emptySlot(form);
    var player = picker.dataset.player;
    if (!slot || player === undefined) {
      return;
    }
    var radio = slot.querySelector("input[type=radio][value='" + player + "']");
    if (radio) {
      radio.checked = true;
    }
    var faces = [];
    cards.split(" ").forEach(function (code) {
      var box = slot.querySelector("input[type=checkbox][value='" + code + "']");
      if (box) {
        box.checked = true;
        box.dispatchEvent(new Event("change", {bubbles: true})); // the grid's "Picked: n"
        faces.push(box.nextElementSibling.textContent.trim());
      }
    });
    var sum = slot.querySelector("[data-decl-sum]");
    if (sum && radio) {
      sum.textContent = radio.nextElementSibling.textContent.trim() + ": " + faces.join(" ");
    }
    slot.classList.remove("empty");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-terz-quick] button") : null;
    if (!button) {
      return;
    }
    var picker = button.closest("[data-terz-quick]");
    if (button.hasAttribute("data-quick-kind")) {
      var again = button.getAttribute("aria-pressed") === "true";
      closeAll(picker);
      if (!again) {
        button.setAttribute("aria-pressed", "true");
        picker.dataset.player = button.dataset.player;
        var row = button.closest(".quick-kinds");
        var shown = panels(picker, button.dataset.quickKind);
        for (var i = shown.length - 1; i >= 0; i--) {
          row.after(shown[i]); // right under the player's kinds, where the eye and thumb are
        }
        shown[0].hidden = false;
      }
    } else if (button.hasAttribute("data-quick-length")) {
      var kind = button.closest("[data-quick-panel]").dataset.quickPanel;
      panels(picker, kind).forEach(function (panel, index) {
        panel.hidden = index !== Number(button.dataset.quickLength);
      });
    } else if (button.hasAttribute("data-cards")) {
      fill(picker, button.dataset.cards);
      closeAll(picker);
    }
  });

  document.addEventListener("change", function (event) {
    var radio = event.target;
    if (event.isTrusted && radio.matches && radio.matches("input[name=counter]") && radio.checked) {
      var counted = radio.form && radio.form.querySelector("#counted");
      if (counted) {
        counted.focus();
      }
    }
  });

  document.addEventListener("DOMContentLoaded", showPickers);
  document.addEventListener("htmx:afterSettle", showPickers);
  showPickers();
})();
