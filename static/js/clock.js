// The time limit's minutes on the game page, kept current between the page's
// polls (which answer nothing while no hand changes). The server says when the
// time is up and how long is left when it drew the clock; this only counts the
// minutes down from that reading, by the time elapsed since the phone got it.
// The phone's own date is never read: a phone whose clock is off by minutes
// would show "Time is up" too early or too late (issue 34).
(function () {
  "use strict";

  var seen = new WeakMap();  // each clock drawn by the server -> when this page got it (performance.now)

  function tick() {
    document.querySelectorAll("[data-clock-seconds-left]").forEach(function (clock) {
      if (!seen.has(clock)) seen.set(clock, window.performance.now());
      var leftMs = parseInt(clock.getAttribute("data-clock-seconds-left"), 10) * 1000;
      var left = Math.max(0, Math.ceil((leftMs - (window.performance.now() - seen.get(clock))) / 60000));
      var strong = clock.querySelector("[data-clock-ends] strong");
      // The words come from the page, in its language: "{n} min left" and "Time is up".
      if (strong && !isNaN(leftMs)) {
        strong.textContent = left > 0
          ? clock.getAttribute("data-clock-left").replace("{n}", left)
          : clock.getAttribute("data-clock-up");
      }
    });
  }

  tick();
  document.addEventListener("htmx:afterSettle", tick);  // a clock the poll brings starts counting at once
  window.setInterval(tick, 15000);
})();
