// The cheat-sheet's Print button, and the referee's error answers.
(function () {
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      window.print();
    }
  });
  // htmx leaves 4xx responses unswapped; inside [data-swap-errors] the server's
  // answer (a 409 "already recorded", a 422 "pick a player") is the message to show.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if ((status === 409 || status === 422) && event.detail.elt.closest("[data-swap-errors]")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();
