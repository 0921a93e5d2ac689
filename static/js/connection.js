// When an htmx request fails (the table's Wi-Fi dropped, the server said no),
// say so in the messages region instead of leaving a tap that did nothing,
// and take the warning down once a request gets through again (the game
// page polls every few seconds, so that is soon). Without JavaScript the
// forms post normally and the browser shows its own error.
(function () {
  "use strict";

  var MARK = "data-connection-alert";

  // The page's own words (templates/messages.html), in its language; English where a page has none.
  function words(key, english) {
    var region = document.getElementById("messages");
    return (region && region.dataset[key]) || english;
  }

  function say(text) {
    var region = document.getElementById("messages");
    if (!region) return;
    var alert = document.createElement("div");
    alert.className = "alert alert-danger py-2";
    alert.setAttribute("role", "alert");
    alert.setAttribute(MARK, "");
    alert.textContent = text;
    region.replaceChildren(alert);
  }

  // Offline, the page's one message is offline.js's: a hand tapped is kept on the phone, and the
  // moon check or a poll that cannot go out is no tap to try again (a red "try again" beside the
  // yellow "saved" invited a second tap).
  document.addEventListener("htmx:sendError", function () {
    if (!navigator.onLine) return;
    say(words("sendError", "Couldn't reach the server. Check the connection and try again."));
  });
  document.addEventListener("htmx:timeout", function () {
    if (!navigator.onLine) return;
    say(words("timeout", "The server took too long to answer. Check the connection and try again."));
  });
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 403) {
      say(words("forbidden", "Your role in this league doesn't allow that."));
    } else if (status === 503) {
      say(words("unavailable", "The server could not save just now: nothing was recorded. Try again in a minute."));
    } else if (status === 404) {
      say(words("gone", "That isn't there any more. Reload the page."));
    } else {
      say(words("failed", "Something went wrong (error {status}). Reload the page and try again.").replace("{status}", status));
    }
  });
  // An element replaced while its own request is out (the poll, swapped by a Record's answer)
  // must not swap that request's answer when it comes: detached, the answer's out-of-band
  // regions find no target (eight htmx:oobErrorNoTarget errors once, as a game ended).
  document.addEventListener("htmx:beforeCleanupElement", function (event) {
    var elt = event.target;
    if (!elt.hasAttribute || !(elt.hasAttribute("hx-get") || elt.hasAttribute("hx-post"))) return;
    elt.addEventListener("htmx:beforeSwap", function (swap) {
      if (!elt.isConnected) swap.detail.shouldSwap = false;
    });
  });
  function clear() {
    document.querySelectorAll("[" + MARK + "]").forEach(function (alert) { alert.remove(); });
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) clear();
  });
  window.addEventListener("offline", clear);
})();
