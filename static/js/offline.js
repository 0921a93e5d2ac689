// Offline at the table. A hand recorded while the phone is offline is kept
// on the phone (localStorage), shown as waiting to send, and sent when the
// connection returns, with an idempotency key: a send repeated after a lost
// answer records one hand (Game.record_hand). The service worker (/sw.js,
// registered once the page has loaded, off the first load's critical path)
// keeps the app shell and the last game page seen, which then opens offline
// with a line saying it may be out of date.
(function () {
  "use strict";

  var QUEUE = "scorekeeper-queue";

  function queued() {
    try {
      return JSON.parse(window.localStorage.getItem(QUEUE) || "[]");
    } catch (error) {
      return [];
    }
  }

  function keep(queue) {
    try {
      window.localStorage.setItem(QUEUE, JSON.stringify(queue));
    } catch (error) {
      // Storage off: the hand stays on screen, waiting, until the page closes.
    }
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  var UNSENT = "scorekeeper-unsent";

  function remember(text) {
    try {
      window.sessionStorage.setItem(UNSENT, text);
    } catch (error) {
      // Not kept: the hands table still shows what was recorded.
    }
  }

  function unsent() {
    try {
      var text = window.sessionStorage.getItem(UNSENT);
      window.sessionStorage.removeItem(UNSENT);
      return text;
    } catch (error) {
      return null;
    }
  }

  var refused = unsent();

  function say() {
    var note = document.getElementById("offline-note");
    if (!note) return;
    var waiting = queued().filter(function (item) { return item.page === window.location.pathname; });
    var lines = [];
    var queueLine = "";
    if (!navigator.onLine) lines.push("You're offline: this page may be out of date.");
    if (waiting.length) {
      queueLine = "Waiting to send: " + waiting.map(function (item) { return "hand " + item.number; }).join(", ") +
        (navigator.onLine ? " (sending…)" : ". It is sent when the connection returns.");
      lines.push(queueLine);
    }
    // The same line in the Record bar, where the eye is when Record is tapped
    // (the note above is at the page's top, off-screen by then).
    document.querySelectorAll("[data-entry-queue]").forEach(function (line) {
      line.textContent = queueLine;
      line.hidden = !queueLine;
    });
    if (refused) lines.push(refused);
    note.textContent = lines.join(" ");
    note.hidden = lines.length === 0;
    // Under the shooter's choice, offline the table says whether it was a moon (the server checks it on sending).
    document.querySelectorAll("[data-offline-moon]").forEach(function (question) {
      question.hidden = navigator.onLine;
    });
  }

  // Offline, a hand form's submit is kept instead of sent.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (navigator.onLine || !form.matches || !form.matches("form[data-hand-form]")) return;
    event.preventDefault();
    var body = new URLSearchParams(new FormData(form));
    body.set("action", "cards");
    var moon = body.get("offline_moon");
    body.delete("offline_moon");
    if (moon) body.set("moon", moon);
    body.set("key", newKey());
    var queue = queued();
    queue.push({
      url: form.getAttribute("action"),
      page: window.location.pathname,
      number: body.get("number"),
      body: body.toString(),
    });
    keep(queue);
    var submit = form.querySelector('[data-testid="hand-submit"]');
    if (submit) submit.disabled = true;
    say();
  });

  var sending = false;

  // Each kept hand in turn, the page's plain post (no HX-Request): a redirect
  // means recorded, and the reload shows the game with it.
  function send() {
    var queue = queued();
    if (sending || !navigator.onLine || queue.length === 0) return;
    sending = true;
    var item = queue[0];
    fetch(item.url, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      redirect: "manual",
      headers: {"Content-Type": "application/x-www-form-urlencoded"},
    }).then(function (response) {
      var rest = queued().filter(function (other) { return other.body !== item.body; });
      keep(rest);
      sending = false;
      // Recorded: a redirect to the game. Anything else (409: another phone
      // recorded that hand first; 422: the entry was refused) is said after the reload.
      if (response.type !== "opaqueredirect") {
        remember("Hand " + item.number + ", kept while offline, was not recorded: " +
          (response.status === 409 ? "another phone recorded hand " + item.number + " first." :
            "the server refused it.") + " Check the hands and enter it again if it is missing.");
      }
      if (rest.length) {
        send();
      } else if (item.page === window.location.pathname) {
        window.location.reload();
      }
      return response;
    }, function () {
      sending = false;  // still no connection: try again on the next "online"
      say();
    });
  }

  window.addEventListener("online", function () { say(); send(); });
  window.addEventListener("offline", say);
  document.addEventListener("htmx:afterSettle", say);
  say();
  send();

  window.addEventListener("load", function () {
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    }
  });
})();
