// Offline at the table, and a queue that never drops a hand. A hand recorded
// while the phone is offline is kept on the phone (localStorage) with its key
// (the form's: Game.record_hand stores one hand per key), and the form goes
// on to the next hand, so several can be entered in a row: N, N+1, ... They
// are sent in order once the connection returns, asking for JSON answers
// (views.table.hand_new). A kept hand leaves the queue only when the server
// says it is stored (or was already, under its key), or when the scorer
// decides after a definite refusal: 409, another phone's hand N shown beside
// this one, "keep theirs" or "record mine as the next hand"; 422, the entry
// back in the form with the reason. A 5xx, a timeout or no network keeps it
// and tries again later; a login page keeps it and says to log in again.
// The service worker (/sw.js, registered once the page has loaded) keeps the
// app shell and the last game page seen, which then opens offline with a
// line saying it may be out of date. Every sentence comes from
// templates/offline/queue_strings.html, translated.
(function () {
  "use strict";

  var QUEUE = "scorekeeper-queue";
  var NOTES = "scorekeeper-queue-notes";
  var SEND_TIMEOUT_MS = 15000;
  var RETRY_MS = [2000, 4000, 8000, 15000, 30000];

  function text(name, values) {
    var holder = document.getElementById("queue-strings");
    var attribute = "data-" + name.replace(/[A-Z]/g, function (letter) { return "-" + letter.toLowerCase(); });
    var sentence = (holder && holder.getAttribute(attribute)) || name;
    Object.keys(values || {}).forEach(function (key) {
      sentence = sentence.split("%(" + key + ")s").join(String(values[key]));
    });
    return sentence;
  }

  function read(store, name) {
    try {
      return JSON.parse(store.getItem(name) || "[]");
    } catch (error) {
      return [];
    }
  }

  function write(store, name, value) {
    try {
      store.setItem(name, JSON.stringify(value));
    } catch (error) {
      // Storage off: the hand stays on screen, waiting, until the page closes.
    }
  }

  function queued() { return read(window.localStorage, QUEUE); }
  function keep(queue) { write(window.localStorage, QUEUE, queue); }

  function change(key, edit) {
    keep(queued().map(function (item) { return item.key === key ? edit(item) || item : item; }));
  }

  function drop(key) {
    keep(queued().filter(function (item) { return item.key !== key; }));
  }

  // What became of kept hands, said for two minutes (kept over a reload).
  var NOTE_MS = 120000;
  function noted() {
    var now = Date.now();
    return read(window.sessionStorage, NOTES)
      .filter(function (line) { return now - line.at < NOTE_MS; })
      .map(function (line) { return line.text; });
  }
  function note(line) {
    var now = Date.now();
    var lines = read(window.sessionStorage, NOTES).filter(function (kept) { return now - kept.at < NOTE_MS; });
    lines.push({text: line, at: now});
    write(window.sessionStorage, NOTES, lines.slice(-4));
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID().replace(/-/g, "");
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function here() {
    return queued().filter(function (item) { return item.page === window.location.pathname; });
  }

  var trouble = "";  // the latest "not sent, trying again" or "log in again"

  function waitingLine(count) {
    return text(count === 1 ? "waitingOne" : "waitingMany", {count: count});
  }

  // Beside Record: the entry's own status (hand_form.js) and, while hands wait, how many;
  // right after an offline tap, only that the hand is saved on this phone.
  function statusBesideRecord() {
    var line = document.querySelector("#entry [data-entry-status]");
    if (!line) return;
    var own = line.getAttribute("data-queue-suffix") || "";
    var current = line.textContent;
    if (own && current.slice(-own.length) === own) current = current.slice(0, -own.length);
    if (line.hasAttribute("data-just-saved")) current = "";
    var waiting = here().filter(function (item) { return item.state !== "returned"; }).length;
    var suffix = "";
    if (waiting) {
      suffix = navigator.onLine ? waitingLine(waiting) : text("saved") + " (" + waitingLine(waiting) + ")";
      if (current) suffix = " · " + suffix;
    }
    line.textContent = current + suffix;
    line.setAttribute("data-queue-suffix", suffix);
  }

  function say() {
    var box = document.getElementById("offline-note");
    if (!box) return;
    var waiting = here();
    var lines = [];
    if (!navigator.onLine) lines.push(text("offline"));
    var unsent = waiting.filter(function (item) { return item.state === "waiting"; });
    var queueLine = "";
    if (unsent.length) {
      queueLine = text("waitingList", {hands: unsent.map(function (item) { return text("hand", {number: item.number}); }).join(", ")}) +
        " " + (navigator.onLine ? text("sending") : text("whenOnline"));
      lines.push(queueLine);
    }
    // The same line in the Record bar, where the eye is when Record is tapped
    // (the note above is at the page's top, off-screen by then).
    document.querySelectorAll("[data-entry-queue]").forEach(function (line) {
      line.textContent = queueLine;
      line.hidden = !queueLine;
    });
    if (trouble) lines.push(trouble);
    lines = lines.concat(noted());
    box.replaceChildren();
    lines.forEach(function (line, index) {
      if (index) box.appendChild(document.createTextNode(" "));
      box.appendChild(document.createTextNode(line));
    });
    if (trouble === text("login")) {
      var link = document.createElement("a");
      link.href = "/accounts/login/?next=" + encodeURIComponent(window.location.pathname);
      link.textContent = text("loginLink");
      link.setAttribute("data-testid", "queue-login");
      box.appendChild(document.createTextNode(" "));
      box.appendChild(link);
    }
    box.hidden = lines.length === 0;
    // Under the shooter's choice, offline the table says whether it was a moon (the server checks it on sending).
    document.querySelectorAll("[data-offline-moon]").forEach(function (question) {
      question.hidden = navigator.onLine;
    });
    statusBesideRecord();
    showDecisions();
  }

  // The form goes on to the next hand: empty, its number one more, a key of its own.
  function nextHand(form, number) {
    form.querySelectorAll('input[type="radio"]').forEach(function (input) {
      input.checked = input.id === "offline-moon-none";
    });
    form.querySelectorAll("input.hearts-input").forEach(function (input) { input.value = ""; });
    form.querySelectorAll('input[type="checkbox"]').forEach(function (input) { input.checked = false; });
    form.querySelector('input[name="number"]').value = String(number);
    var key = form.querySelector('input[name="key"]');
    if (key) key.value = newKey();
    var submit = form.querySelector('[data-testid="hand-submit"]');
    if (submit) submit.textContent = text("recordLabel", {number: number});
    var first = form.querySelector("input.hearts-input, [data-rank-strip] input");
    // hand_form.js redraws the status line (and turns Record off until the next entry is complete).
    if (first) first.dispatchEvent(new Event("change", {bubbles: true}));
  }

  function keepOnPhone(form) {
    var body = new URLSearchParams(new FormData(form));
    body.set("action", "cards");
    var moon = body.get("offline_moon");
    body.delete("offline_moon");
    if (moon) body.set("moon", moon);
    if (!body.get("key")) body.set("key", newKey());
    var queue = queued();
    var item = {
      key: body.get("key"),
      url: form.getAttribute("action"),
      page: window.location.pathname,
      number: parseInt(body.get("number"), 10),
      body: body.toString(),
      state: "waiting",
      tries: 0,
    };
    queue.push(item);
    keep(queue);
    nextHand(form, item.number + 1);
    var line = form.querySelector("[data-entry-status]");
    if (line) line.setAttribute("data-just-saved", "");
    say();
  }

  // Offline, a hand form's submit is kept instead of sent.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (navigator.onLine || !form.matches || !form.matches("form[data-hand-form]")) return;
    if (!form.querySelector('input[name="key"]')) return;  // an edit is not queued
    event.preventDefault();
    keepOnPhone(form);
  });

  // The page's CSRF token now (a login since the hand was kept gave a new one).
  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    if (input) return input.value;
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  var sending = false;
  var timer = null;

  function later(item, why) {
    var tries = (item.tries || 0) + 1;
    var wait = RETRY_MS[Math.min(tries - 1, RETRY_MS.length - 1)];
    change(item.key, function (kept) { kept.tries = tries; });
    trouble = text("retry", {number: item.number, why: why, seconds: Math.round(wait / 1000)});
    window.clearTimeout(timer);
    timer = window.setTimeout(send, wait);
  }

  // The first kept hand of each game that is not waiting for the scorer's decision.
  function nextToSend() {
    var seen = {};
    return queued().filter(function (item) {
      var first = !seen[item.url];
      seen[item.url] = true;
      return first && item.state === "waiting";
    })[0];
  }

  function send() {
    window.clearTimeout(timer);
    timer = null;
    var item = nextToSend();
    if (sending || !navigator.onLine || !item) {
      say();
      return;
    }
    sending = true;
    var body = new URLSearchParams(item.body);
    var token = csrfToken();
    if (token) body.set("csrfmiddlewaretoken", token);
    var abort = window.AbortController ? new AbortController() : null;
    var stop = window.setTimeout(function () { if (abort) abort.abort(); }, SEND_TIMEOUT_MS);
    say();
    fetch(item.url, {
      method: "POST",
      body: body.toString(),
      credentials: "same-origin",
      redirect: "manual",
      signal: abort ? abort.signal : undefined,
      headers: {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json", "X-CSRFToken": token},
    }).then(function (response) {
      window.clearTimeout(stop);
      if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) {
        // The session ended: kept, and said, until the scorer logs in again.
        trouble = text("login");
        return null;
      }
      if (response.status >= 500 || response.status === 0 || response.status === 429) {
        // 429: a table link's phone sending too fast (games.views.guests): kept, and sent again later.
        later(item, text("whyStatus", {status: response.status}));
        return null;
      }
      return response.json().then(function (answer) {
        return {status: response.status, answer: answer};
      }, function () {
        later(item, text("whyStatus", {status: response.status}));
        return null;
      });
    }).then(function (result) {
      sending = false;
      if (result) answered(item, result.status, result.answer);
      say();
      if (result) send();
    }, function () {
      window.clearTimeout(stop);
      sending = false;
      later(item, text("whyNetwork"));
      say();
    });
  }

  function answered(item, status, answer) {
    trouble = "";
    var outcome = answer && answer.outcome;
    if (status === 200 && outcome === "recorded") {
      drop(item.key);
      note(text("recorded", {number: item.number}));
      refreshGame();
    } else if (status === 409 && outcome === "conflict" && answer.same) {
      drop(item.key);
      note(text("same", {number: item.number}));
      refreshGame();
    } else if (status === 409 && outcome === "conflict") {
      change(item.key, function (kept) {
        kept.state = "conflict";
        kept.answer = answer;
      });
    } else if (status === 409 && outcome === "ahead") {
      // An earlier hand is still to come (one sent back to the form): wait for it, then try again.
      trouble = text("ahead", {number: item.number, next: answer.next});
      window.clearTimeout(timer);
      timer = window.setTimeout(send, RETRY_MS[RETRY_MS.length - 1]);
    } else if (status === 422 || (status === 409 && outcome === "refused")) {
      change(item.key, function (kept) {
        kept.state = "returned";
        kept.answer = answer;
      });
      note(text("returned", {number: item.number, reason: (answer && answer.message) || ""}));
      giveBack();
    } else {
      // 404 and the like: this hand can't be sent anywhere any more.
      drop(item.key);
      note(text("gone", {number: item.number, status: status}));
    }
  }

  // The game as it is now, once a kept hand is in: the page's poll, asked at once.
  function refreshGame() {
    var poll = document.getElementById("poll");
    if (poll && window.htmx) {
      window.htmx.ajax("GET", poll.getAttribute("hx-get"), {source: poll, target: poll, swap: "outerHTML"});
    }
  }

  // While hands of this game wait on the phone, its form stays ahead of the server's next hand:
  // a poll's fresh form (for a hand already kept here) would offer that hand again.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "entry" && here().some(function (item) { return item.state !== "returned"; })) {
      event.detail.shouldSwap = false;
    }
  });

  // A refused kept hand goes back into this page's form, as the scorer typed it, to put right.
  function giveBack() {
    var form = document.querySelector("#entry form[data-hand-form]");
    var item = here().filter(function (kept) { return kept.state === "returned"; })[0];
    if (!form || !item) return;
    var body = new URLSearchParams(item.body);
    form.querySelectorAll('input[type="radio"], input[type="checkbox"]').forEach(function (input) { input.checked = false; });
    body.forEach(function (value, name) {
      // A taker's radio, or a ticked box (a heart by rank, a Turbo charge): one per value sent.
      // Two decks post a heart twice for a player who took both copies: the next box not yet ticked.
      var radio = form.querySelector('input[type="radio"][name="' + name + '"][value="' + value + '"], ' +
        'input[type="checkbox"][name="' + name + '"][value="' + value + '"]:not(:checked)');
      if (radio) radio.checked = true;
      var box = form.querySelector('input.hearts-input[name="' + name + '"]');
      if (box) box.value = value;
    });
    form.querySelector('input[name="number"]').value = String(item.number);
    var key = form.querySelector('input[name="key"]');
    if (key) key.value = item.key;
    var submit = form.querySelector('[data-testid="hand-submit"]');
    if (submit) submit.textContent = text("recordLabel", {number: item.number});
    drop(item.key);
    var first = form.querySelector("input.hearts-input, [data-rank-strip] input");
    if (first) first.dispatchEvent(new Event("change", {bubbles: true}));
  }

  // 409: another phone's hand beside this one; the scorer keeps theirs or records this one next.
  function showDecisions() {
    var entry = document.getElementById("entry");
    var old = document.getElementById("queue-decision");
    var item = here().filter(function (kept) { return kept.state === "conflict"; })[0];
    if (!item || !entry) {
      if (old) old.remove();
      return;
    }
    if (old && old.getAttribute("data-key") === item.key) return;
    if (old) old.remove();
    var answer = item.answer || {};
    var panel = document.createElement("section");
    panel.id = "queue-decision";
    panel.className = "alert alert-warning py-2";
    panel.setAttribute("data-key", item.key);
    panel.setAttribute("data-testid", "queue-decision");
    panel.setAttribute("role", "group");
    var title = document.createElement("p");
    title.className = "fw-semibold mb-1";
    title.id = "queue-decision-title";
    title.textContent = text("conflict", {number: item.number});
    panel.setAttribute("aria-labelledby", title.id);
    panel.appendChild(title);
    var list = document.createElement("dl");
    list.className = "mb-2";
    [["theirs", answer.theirs, "queue-theirs"], ["mine", answer.mine, "queue-mine"]].forEach(function (row) {
      var term = document.createElement("dt");
      term.textContent = text(row[0]);
      var value = document.createElement("dd");
      value.className = "mb-1";
      value.textContent = row[1] || "";
      value.setAttribute("data-testid", row[2]);
      list.appendChild(term);
      list.appendChild(value);
    });
    panel.appendChild(list);
    var buttons = document.createElement("div");
    buttons.className = "tap-row";
    var theirs = document.createElement("button");
    theirs.type = "button";
    theirs.className = "btn btn-outline-dark tap";
    theirs.textContent = text("keepTheirs");
    theirs.setAttribute("data-testid", "queue-keep-theirs");
    theirs.addEventListener("click", function () {
      drop(item.key);
      renumberAfter(item, 0);
      send();
    });
    buttons.appendChild(theirs);
    if (answer.open !== false) {
      var mine = document.createElement("button");
      mine.type = "button";
      mine.className = "btn btn-primary tap";
      mine.textContent = text("recordMine", {number: answer.next});
      mine.setAttribute("data-testid", "queue-record-mine");
      mine.addEventListener("click", function () {
        renumberAfter(item, answer.next - item.number);
        send();
      });
      buttons.appendChild(mine);
    } else {
      var ended = document.createElement("p");
      ended.className = "mb-0 small";
      ended.textContent = text("gameEnded");
      panel.appendChild(ended);
    }
    panel.appendChild(buttons);
    entry.parentNode.insertBefore(panel, entry);
  }

  // Record mine as hand next: it and every hand kept after it move on by `shift` (its key, never stored, goes with it).
  function renumberAfter(item, shift) {
    var after = false;
    keep(queued().map(function (kept) {
      if (kept.key === item.key) {
        after = true;
        kept.state = "waiting";
        kept.answer = null;
      } else if (!after || kept.url !== item.url) {
        return kept;
      }
      if (shift) {
        kept.number += shift;
        var body = new URLSearchParams(kept.body);
        body.set("number", String(kept.number));
        kept.body = body.toString();
      }
      return kept;
    }));
    var form = document.querySelector("#entry form[data-hand-form]");
    var last = here().reduce(function (most, kept) { return Math.max(most, kept.number); }, 0);
    var number = form && form.querySelector('input[name="number"]');
    if (number && last && parseInt(number.value, 10) <= last) nextHand(form, last + 1);
  }

  document.addEventListener("htmx:afterSettle", function () {
    say();
    giveBack();
  });
  // Typing redraws the status beside Record (hand_form.js, whose listeners run first); the count
  // of hands waiting stays with it. The first keystroke of the next hand ends "saved on this phone".
  function typed(event) {
    var line = document.querySelector("#entry [data-entry-status]");
    if (line && event.isTrusted) line.removeAttribute("data-just-saved");
    statusBesideRecord();
  }
  document.addEventListener("input", typed);
  document.addEventListener("change", typed);
  document.addEventListener("htmx:afterRequest", function (event) {
    statusBesideRecord();
    if (event.detail && event.detail.successful && nextToSend() && !timer) send();
  });
  window.addEventListener("online", function () {
    window.clearTimeout(timer);
    timer = null;
    send();
  });
  window.addEventListener("offline", say);
  say();
  giveBack();
  send();

  window.addEventListener("load", function () {
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    }
  });
})();
