// Terz's compact declaration picker (templates/scorebook/games/terz/form.html): a declaration chosen
// by its kind and top card ("terz to J♥") fills the next empty slot, its player and its cards
// ticked on the slot's card grid, where they can be checked. Without this script the picker stays
// hidden and the slots are filled card by card.
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

  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-quick-declaration]") || !select.value) {
      return;
    }
    var slot = emptySlot(select.form);
    if (slot) {
      var player = slot.querySelector("input[type=radio][value='" + select.dataset.player + "']");
      if (player) {
        player.checked = true;
      }
      select.value.split(" ").forEach(function (code) {
        var box = slot.querySelector("input[type=checkbox][value='" + code + "']");
        if (box) {
          box.checked = true;
          box.dispatchEvent(new Event("change", {bubbles: true})); // the grid's "Picked: n"
        }
      });
      slot.open = true;
      slot.classList.remove("empty");
    }
    select.value = ""; // ready for the next declaration
  });

  document.addEventListener("DOMContentLoaded", showPickers);
  document.addEventListener("htmx:afterSettle", showPickers);
  showPickers();
})();
