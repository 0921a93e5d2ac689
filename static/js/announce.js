// The page speaks (issue 39). A screen reader hears a region's text only when
// it changes inside a live region that was already there; a swapped-in
// region, or text present when the page loaded, is often not said at all.
//
// The game: when a swap (this phone's Record or Delete, a poll or a push
// bringing another phone's change) brings a last-change line
// (game_detail.html#last_change) with a change not yet said, its words go
// into the page's one polite announcer, once. A page load says nothing: the
// line is there to read.
//
// Any page: a confirmation shown after a full page load ("Hand 3 saved") is
// said through the announcer once the page is read.
(function () {
  "use strict";

  var said = null;  // the last change this page has said, or found on loading

  function lastChange() {
    return document.getElementById("last-change");
  }

  // How long the announcer keeps its words: long enough to be read out, not so long that a
  // reader moving through the page meets them again beside the line they came from.
  var KEEP_MS = 10000;

  function speak(text) {
    var announcer = document.getElementById("announcer");
    if (!announcer || !text) {
      return;
    }
    // Emptied first, so that the same words for a new change are a change too.
    announcer.textContent = "";
    window.clearTimeout(announcer._emptying);
    window.setTimeout(function () {
      announcer.textContent = text;
      announcer._emptying = window.setTimeout(function () { announcer.textContent = ""; }, KEEP_MS);
    }, 100);
  }

  function sayChange() {
    var line = lastChange();
    var change = line ? line.getAttribute("data-change") : null;
    if (!change || change === said) {
      return;
    }
    said = change;
    var words = line.querySelector("[data-change-text]");
    speak(words ? words.textContent.trim() : "");
  }

  // The messages the page loaded with: on screen as they are, said through the announcer once the page is read.
  function sayMessages() {
    var region = document.getElementById("messages");
    var shown = region ? Array.prototype.filter.call(region.children, function (message) {
      return message.hasAttribute("role") && message.textContent.trim();
    }) : [];
    if (shown.length) {
      var text = shown.map(function (message) { return message.textContent.trim(); }).join(" ");
      window.setTimeout(function () { speak(text); }, 400);
    }
  }

  function start() {
    var line = lastChange();
    said = line ? line.getAttribute("data-change") : null;
    sayMessages();
  }

  document.addEventListener("htmx:afterSettle", sayChange);
  document.addEventListener("htmx:oobAfterSwap", sayChange);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
