// The night's screen (the club's TV) polls its link every few seconds. When an
// organizer stops that link (410) or turns the league's public link off (404),
// the answer is the screen's region saying so: swap it in, as htmx would not
// swap an error, so the TV shows the line instead of standings frozen in time.
// The region it brings has no poller: the screen asks no more.
//
// On a TV the tables and the standings may not fit one screen together (64
// players): then they are shown a page at a time, turning every TURN_MS by
// themselves, and at the arrow keys or the space bar. The page shown is kept
// across the poll's swaps of the screen.
(function () {
  "use strict";

  var TURN_MS = 12000;
  var shown = 0;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    var status = detail && detail.xhr ? detail.xhr.status : 0;
    if ((status === 404 || status === 410) && detail.target && detail.target.id === "screen") {
      detail.shouldSwap = true;
      detail.isError = false;
    }
  });

  function pages(body) {
    return body ? body.querySelectorAll(":scope > [data-screen-page]") : [];
  }

  function layOut() {
    var body = document.querySelector("#screen .night-screen-body");
    if (!body) return;
    var all = pages(body);
    body.classList.remove("is-paged");
    all.forEach(function (page) { page.classList.remove("is-current"); });
    // Side by side, the standings hold two columns at most; with more (33 players or more) or content
    // taller than the screen, a page at a time.
    var wide = body.querySelector(".night-screen-cols-3, .night-screen-cols-4");
    if (all.length < 2 || (!wide && body.scrollHeight <= body.clientHeight + 1)) return;
    body.classList.add("is-paged");
    shown = shown % all.length;
    all[shown].classList.add("is-current");
  }

  function turn(step) {
    var body = document.querySelector("#screen .night-screen-body.is-paged");
    if (!body) return;
    var all = pages(body);
    all[shown].classList.remove("is-current");
    shown = (shown + step + all.length) % all.length;
    all[shown].classList.add("is-current");
  }

  // The bundle runs this once the page is parsed (scorekeeper/bundles.py), or earlier on its own.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", layOut);
  else layOut();
  document.addEventListener("htmx:afterSettle", layOut);
  window.addEventListener("resize", layOut);
  window.setInterval(function () { turn(1); }, TURN_MS);
  document.addEventListener("keydown", function (event) {
    if (!document.querySelector("#screen")) return;
    if (event.key === "ArrowRight" || event.key === " ") turn(1);
    else if (event.key === "ArrowLeft") turn(-1);
  });
})();
