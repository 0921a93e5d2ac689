// The footer's language switch: with JavaScript, picking a language sends the
// form at once (Django's set_language keeps it in a cookie, as theme.js keeps
// the colours on this phone) and the form's own button is not needed.
(function () {
  "use strict";

  document.querySelectorAll("[data-language-switch]").forEach(function (form) {
    var button = form.querySelector("[data-language-apply]");
    if (button) button.hidden = true;
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest("[data-language-switch]");
    if (form && event.target.name === "language") {
      form.requestSubmit();
    }
  });
})();
