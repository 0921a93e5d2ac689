// The cheat-sheet's Print button. (The referee's 409 and 422 answers are
// swapped like any answer: the htmx-config meta tag in base.html says so.)
(function () {
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      window.print();
    }
  });
})();
