// The share panel's "Copy link": one tap puts the game's link on the
// clipboard. Without JavaScript (or a clipboard) the link stays in its box
// to select by hand, and the button stays hidden. What it says is the page's
// own words (the button's data-copied and data-not-copied), in its language.
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
      status.textContent = button.dataset.copied;
    }, function () {
      link.select();
      status.textContent = button.dataset.notCopied;
    });
  });

  document.addEventListener("htmx:afterSettle", reveal);
  reveal();
})();

// "Share the result": one tap hands the title, text and link to the phone's
// share sheet (navigator.share), or, where there is none (plain http, most
// desktops), copies the text and link for the group chat and says so. The
// button is a real link: without JavaScript it opens the result's page.
(function () {
  "use strict";

  function say(button, message) {
    button.closest("[data-share-result]").querySelector("[data-share-status]").textContent = message;
  }

  // Without navigator.clipboard (plain http is not a secure context) the text
  // is copied from its hidden box; if even that fails, the box is shown selected.
  function copyFromBox(button) {
    var box = button.closest("[data-share-result]").querySelector("[data-share-copy]");
    box.hidden = false;
    box.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    if (copied) {
      box.hidden = true;
      button.focus();
      say(button, button.dataset.copied);
    } else {
      say(button, button.dataset.notCopied);
    }
  }

  function copy(button, shared) {
    if (!navigator.clipboard) { copyFromBox(button); return; }
    navigator.clipboard.writeText(shared.text + "\n" + shared.url).then(function () {
      say(button, button.dataset.copied);
    }, function () { copyFromBox(button); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-share-button]");
    if (!button) return;
    event.preventDefault();
    var shared = { title: button.dataset.shareTitle, text: button.dataset.shareText, url: button.dataset.shareUrl };
    if (navigator.share && (!navigator.canShare || navigator.canShare(shared))) {
      navigator.share(shared).catch(function (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error && error.name !== "AbortError") copy(button, shared);
      });
      return;
    }
    copy(button, shared);
  });
})();
