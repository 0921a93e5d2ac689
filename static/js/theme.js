// Light or dark: the system's mode unless the person chose one with the
// footer's switch (kept on this phone). Runs in the <head>, before the first
// paint, so a dark page never flashes white.
(function () {
  "use strict";

  var KEY = "scorekeeper-theme";
  var CHOICES = ["auto", "light", "dark"];
  var query = window.matchMedia("(prefers-color-scheme: dark)");

  function chosen() {
    var value = null;
    try {
      value = window.localStorage.getItem(KEY);
    } catch (error) {
      value = null;  // storage off (private mode): follow the system
    }
    return CHOICES.indexOf(value) >= 0 ? value : "auto";
  }

  function apply() {
    var choice = chosen();
    var dark = choice === "dark" || (choice === "auto" && query.matches);
    document.documentElement.setAttribute("data-bs-theme", dark ? "dark" : "light");
  }

  function choose(value) {
    try {
      if (value === "auto") {
        window.localStorage.removeItem(KEY);
      } else {
        window.localStorage.setItem(KEY, value);
      }
    } catch (error) {
      // Not kept, but this page still switches.
    }
    apply();
  }

  apply();
  query.addEventListener("change", apply);

  // The switch works only with JavaScript, so it is shown only then.
  document.addEventListener("DOMContentLoaded", function () {
    var current = chosen();
    document.querySelectorAll("[data-theme-switch]").forEach(function (group) {
      group.hidden = false;
      var input = group.querySelector('input[value="' + current + '"]');
      if (input) input.checked = true;
    });
  });
  document.addEventListener("change", function (event) {
    if (event.target.name === "theme" && event.target.closest("[data-theme-switch]")) {
      choose(event.target.value);
    }
  });
})();
