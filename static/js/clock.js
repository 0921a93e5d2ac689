// The time limit's minutes on the game page, kept current between the page's
// polls (which answer nothing while no hand changes). The server says when the
// time is up; this only counts the minutes down to it.
(function () {
  "use strict";

  function tick() {
    document.querySelectorAll("[data-clock-ends]").forEach(function (clock) {
      var ends = Date.parse(clock.getAttribute("data-clock-ends"));
      var left = Math.max(0, Math.ceil((ends - Date.now()) / 60000));
      var strong = clock.querySelector("strong");
      // The words come from the page, in its language: "{n} min left" and "Time is up".
      var words = clock.closest("[data-clock-left]");
      if (strong && words && !isNaN(ends)) {
        strong.textContent = left > 0
          ? words.getAttribute("data-clock-left").replace("{n}", left)
          : words.getAttribute("data-clock-up");
      }
    });
  }

  window.setInterval(tick, 15000);
})();
