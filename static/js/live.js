// Live: the page hears of a change the moment it is written, over a Server-Sent
// Events stream (games/views/live.py), and asks its poller to fetch it at once:
// the event fires the poller's own request (hx-trigger "every 3s, live"), so a
// region is drawn one way only, by the poll.
//
// While the stream is open the poller's timer still runs, but only one tick in
// SLOW_MS asks the server: a safety net for a word lost on the way. When the
// stream drops (a proxy that buffers, a phone that slept, a server restarting)
// every tick asks again, as before there was a stream, until it is back; the
// browser reconnects by itself, and the server sends an event at once if the
// page missed something meanwhile (Last-Event-ID, or the version in the address).
//
// data-live-state on the stream's element says "open", "connecting" or "closed".
// window.scorekeeperLive = {slowPollMs: ...}, set before the page loads, sets the
// safety net's pace (the browser tests make it an hour, so only the stream can
// bring a hand within a second).
(function () {
  "use strict";

  var mark = document.querySelector("[data-live]");
  if (!mark || !window.EventSource || !window.htmx) return;
  var settings = window.scorekeeperLive || {};
  var SLOW_MS = settings.slowPollMs || 30000;
  var pollerId = mark.getAttribute("data-live-poller");
  var open = false;
  // An event came and its request has not been sent yet.
  var due = false;
  var lastAsked = Date.now();

  function poller() {
    return document.getElementById(pollerId);
  }

  // This page's own requests under way (a Record, a delete). An event that comes meanwhile is
  // mostly their own write, whose answer brings the regions: the poll waits for that answer and
  // then asks with the version it drew, so it swaps nothing (204). Asked before the answer came,
  // its regions landed just after it, clearing the "Hand 1 recorded" just shown and the focus the
  // answer had given back. At most WAIT_MS: an answer that never comes does not hold it.
  var WAIT_MS = 3000;
  var own = 0;
  var held = null;

  function askNow() {
    var elt = poller();
    if (!elt) return;
    if (own > 0 && held === null) {
      held = window.setTimeout(release, WAIT_MS);
      return;
    }
    if (held !== null) return;
    due = true;
    window.htmx.trigger(elt, "live");
  }

  function release() {
    if (held === null) return;
    window.clearTimeout(held);
    held = null;
    own = 0;
    askNow();
  }

  function ownDone(event) {
    if (isPoller(event)) return;
    own = Math.max(own - 1, 0);
    if (own === 0 && held !== null) window.setTimeout(release, 0);
  }

  document.addEventListener("htmx:beforeSend", function (event) {
    if (!isPoller(event)) own += 1;
  });
  document.addEventListener("htmx:afterRequest", ownDone);

  function isPoller(event) {
    var elt = event.detail && event.detail.elt;
    return Boolean(elt && elt.id === pollerId);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isPoller(event)) return;
    var now = Date.now();
    if (open && !due && now - lastAsked < SLOW_MS) {
      event.preventDefault();
      return;
    }
    due = false;
    lastAsked = now;
  });

  // An event that came while the poller's request was out (htmx drops a second request of the
  // same element) is asked for once that request is done.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isPoller(event) && due) window.setTimeout(askNow, 0);
  });

  function state(name) {
    mark.setAttribute("data-live-state", name);
  }

  var source = new EventSource(mark.getAttribute("data-live"));
  state("connecting");
  source.addEventListener("open", function () {
    open = true;
    state("open");
  });
  source.addEventListener("message", askNow);
  source.addEventListener("error", function () {
    var wasOpen = open;
    open = false;
    // CLOSED: the server refused the stream (the link stopped, the game gone); the poller hears why.
    state(source.readyState === EventSource.CLOSED ? "closed" : "connecting");
    if (wasOpen) askNow();
  });
  window.addEventListener("pagehide", function () { source.close(); });
})();
