// The share panel's "Copy link": one tap puts the game's link on the
// clipboard. Without JavaScript (or a clipboard) the link stays in its box
// to select by hand, and the button stays hidden.
(function () {
  "use strict";

  function reveal() {
    if (!navigator.clipboard) return;
    document.querySelectorAll("[data-copy-link]").forEach(function (button) { button.hidden = false; });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy-link]");
    if (!button) return;
    var panel = button.closest(".share-panel");
    var link = panel.querySelector("[data-share-link]");
    var status = panel.querySelector("[data-copy-status]");
    navigator.clipboard.writeText(link.value).then(function () {
      status.textContent = "Link copied.";
    }, function () {
      link.select();
      status.textContent = "Couldn't copy: the link is selected, copy it from the box.";
    });
  });

  document.addEventListener("htmx:afterSettle", reveal);
  reveal();
})();
