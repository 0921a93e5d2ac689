// The night's screen (the club's TV) polls its link every few seconds. When an
// organizer stops that link (410) or turns the league's public link off (404),
// the answer is the screen's region saying so: swap it in, as htmx would not
// swap an error, so the TV shows the line instead of standings frozen in time.
// The region it brings has no poller: the screen asks no more.
(function () {
  "use strict";

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    var status = detail && detail.xhr ? detail.xhr.status : 0;
    if ((status === 404 || status === 410) && detail.target && detail.target.id === "screen") {
      detail.shouldSwap = true;
      detail.isError = false;
    }
  });
})();
