// Offline at the table, and a queue that never drops a hand. A hand recorded
// while the phone is offline is kept on the phone with its key (the form's:
// Game.record_hand stores one hand per key), in IndexedDB (static/js/queue_store.js),
// and the form goes on to the next hand, so several can be entered in a row:
// N, N+1, ... Meanwhile the page shows the deal of the hand being entered (the
// server sends the next hands' deals, as the engine says them: game_detail.html's
// next-deal card) and marks the totals as waiting for the hands kept. They are
// sent in order once the connection returns, asking for JSON answers
// (views.table.hand_new): by this page while it is open, by the service worker's
// Background Sync once it is closed (sw.js), or at the app's next start. A kept
// hand leaves the queue only when the server says it is stored (or was already,
// under its key), or when the scorer decides after a definite refusal: 409,
// another phone's hand N shown beside this one, "keep theirs" or "record mine as
// the next hand"; 422, the entry back in the form with the reason. A 5xx, a
// timeout or no network keeps it and tries again later; a login page keeps it
// and says to log in again. A queue an older page left in localStorage is moved
// into IndexedDB at the start. The service worker (/sw.js, registered once the
// page has loaded) also keeps the app shell and the last game page seen, which
// then opens offline with a line saying it may be out of date. Every sentence
// comes from templates/offline/queue_strings.html, translated.
(function () {
  "use strict";

  var OLD_QUEUE = "scorekeeper-queue";  // where the queue was kept before IndexedDB, and still is without it
  var NOTES = "scorekeeper-queue-notes";
  var RETRY_MS = [2000, 4000, 8000, 15000, 30000];
  var store = window.HandQueue;

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

  // The queue as this page last read it (IndexedDB answers later, the page's drawing now): every
  // change is made here and written through, one hand at a time; it is read again before each send
  // and whenever the service worker says it sent some. Without IndexedDB, localStorage as before.
  var mirror = [];
  var local = !store;
  var lastSeq = 0;
  var writes = 0;  // a reading begun before a write is read again after it

  function queued() { return mirror.slice(); }

  function written(promise) {
    writes += 1;
    return promise.catch(function () {
      local = true;
      write(window.localStorage, OLD_QUEUE, mirror);
    });
  }

  function save(item) {
    if (!item.seq) item.seq = lastSeq = Math.max(Date.now(), lastSeq + 1);
    mirror = mirror.filter(function (kept) { return kept.key !== item.key; }).concat([item])
      .sort(function (a, b) { return a.seq - b.seq; });
    if (local) {
      write(window.localStorage, OLD_QUEUE, mirror);
      return Promise.resolve();
    }
    return written(store.put(item));
  }

  function change(key, edit) {
    var item = mirror.filter(function (kept) { return kept.key === key; })[0];
    if (!item) return Promise.resolve();
    return save(edit(item) || item);
  }

  function drop(key) {
    mirror = mirror.filter(function (item) { return item.key !== key; });
    if (local) {
      write(window.localStorage, OLD_QUEUE, mirror);
      return Promise.resolve();
    }
    return written(store.remove(key));
  }

  // The queue read afresh; a queue an older page left in localStorage is moved in first (in its
  // order), and only then taken out of localStorage: a phone updated mid-game loses no hand.
  function reload() {
    if (local) {
      mirror = read(window.localStorage, OLD_QUEUE);
      return Promise.resolve();
    }
    var old = read(window.localStorage, OLD_QUEUE);
    var before = writes;
    var moved = old.length ? store.putAll(old.map(function (item, index) {
      item.seq = item.seq || index + 1;
      return item;
    })).then(function () { window.localStorage.removeItem(OLD_QUEUE); }) : Promise.resolve();
    return moved.then(store.all).then(function (items) {
      if (writes !== before) return reload();
      mirror = items;
      lastSeq = items.reduce(function (most, item) { return Math.max(most, item.seq || 0); }, lastSeq);
      return store.takeNotes();
    }).then(function (notes) {
      // What the service worker sent while no page was open, said now.
      (notes || []).forEach(function (line) { note(text(line.name, line)); });
    }).catch(function () {
      local = true;
      mirror = old;
    });
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

  function unsentHere() {
    return here().filter(function (item) { return item.state !== "returned"; });
  }

  // The totals are the server's, without the hands kept here: said so above them, not shown as current.
  function markTotals(count) {
    var totals = document.getElementById("totals");
    if (!totals) return;
    var line = totals.querySelector("[data-totals-waiting]");
    totals.classList.toggle("is-waiting", count > 0);
    if (!count) {
      if (line) line.remove();
      return;
    }
    if (!line) {
      line = document.createElement("p");
      line.className = "totals-waiting small mb-1";
      line.setAttribute("data-totals-waiting", "");
      line.setAttribute("data-testid", "totals-waiting");
      totals.insertBefore(line, totals.firstChild);
    }
    line.textContent = text(count === 1 ? "totalsWaitingOne" : "totalsWaitingMany", {count: count});
  }

  // The next-deal card shows the deal of the hand being entered: the server's next hand, or one of the
  // hands after it (drawn by the server, each in a <template>) while hands wait on this phone.
  function showDeal() {
    var panel = document.getElementById("next-deal");
    var number = document.querySelector('#entry form[data-hand-form] input[name="number"]');
    var shown = panel && panel.querySelector(":scope > [data-deal-for]");
    if (!shown || !number || shown.getAttribute("data-deal-for") === number.value) return;
    var away = document.createElement("template");
    away.setAttribute("data-deal-for", shown.getAttribute("data-deal-for"));
    panel.appendChild(away);
    away.content.appendChild(shown);
    var kept = panel.querySelector('template[data-deal-for="' + number.value + '"]');
    var deal = kept ? kept.content.firstElementChild : null;
    if (kept) kept.remove();
    if (!deal) {
      // Further than the server said: the deal is told once the hands before it are in.
      deal = document.createElement("div");
      deal.className = "card-body";
      deal.setAttribute("data-deal-for", number.value);
      var title = document.createElement("h2");
      title.className = "h6 mb-0";
      title.id = "next-deal-title-" + number.value;
      title.textContent = text("dealLater", {number: number.value});
      deal.appendChild(title);
    }
    panel.insertBefore(deal, panel.firstChild);
    var heading = deal.querySelector("h2");
    if (heading) panel.setAttribute("aria-labelledby", heading.id);
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
    // In the Record bar, where the eye is when Record is tapped (the note above is at the page's top,
    // off-screen by then): one short line, how many wait; the bar keeps its height.
    var count = unsentHere().length;
    document.querySelectorAll("[data-entry-queue]").forEach(function (line) {
      line.textContent = count ? waitingLine(count) : "";
      line.hidden = !count;
    });
    markTotals(count);
    showDeal();
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
    var item = {
      key: body.get("key"),
      url: form.getAttribute("action"),
      page: window.location.pathname,
      number: parseInt(body.get("number"), 10),
      body: body.toString(),
      state: "waiting",
      tries: 0,
      at: Date.now(),
    };
    save(item).then(syncLater);
    nextHand(form, item.number + 1);
    say();
  }

  // Background Sync sends the kept hands once the connection is back, with the page closed or not
  // (sw.js); the browser keeps one registration per tag, so asking again costs nothing.
  function syncLater() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.sync) return registration.sync.register(store.SYNC_TAG);
      return null;
    }).catch(function () {});
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

  function nextToSend() { return store ? store.nextToSend(queued()) : null; }

  // One kept hand at a time, under the queue's lock, the queue read afresh first: the service
  // worker may have sent some meanwhile (it holds the same lock while it sends).
  function send() {
    window.clearTimeout(timer);
    timer = null;
    if (sending || !navigator.onLine || !store) {
      say();
      return;
    }
    sending = true;
    store.exclusively(function () {
      return reload().then(function () {
        var item = nextToSend();
        if (!item || !navigator.onLine) return false;
        say();
        return store.post(item, csrfToken()).then(function (result) { return sent(item, result); });
      });
    }).then(function (again) {
      sending = false;
      say();
      if (again) send();
    }, function () {
      sending = false;
      say();
    });
  }

  function sent(item, result) {
    if (result.kind === "login") {
      // The session ended: kept, and said, until the scorer logs in again.
      trouble = text("login");
      return false;
    }
    if (result.kind === "later") {
      later(item, result.status ? text("whyStatus", {status: result.status}) : text("whyNetwork"));
      return false;
    }
    trouble = "";
    return store.settle(item, result.status, result.answer, {put: save, remove: drop}).then(function (settled) {
      if (settled.note) note(text(settled.note.name, settled.note));
      if (settled.refresh) refreshGame();
      if (settled.giveBack) giveBack();
      if (settled.ahead) {
        trouble = text("ahead", {number: item.number, next: settled.ahead});
        window.clearTimeout(timer);
        timer = window.setTimeout(send, RETRY_MS[RETRY_MS.length - 1]);
      }
      return settled.go;
    });
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
    queued().forEach(function (kept) {
      if (kept.key === item.key) {
        after = true;
        kept.state = "waiting";
        kept.answer = null;
      } else if (!after || kept.url !== item.url) {
        return;
      }
      if (shift) {
        kept.number += shift;
        var body = new URLSearchParams(kept.body);
        body.set("number", String(kept.number));
        kept.body = body.toString();
      }
      save(kept);
    });
    var form = document.querySelector("#entry form[data-hand-form]");
    var last = here().reduce(function (most, kept) { return Math.max(most, kept.number); }, 0);
    var number = form && form.querySelector('input[name="number"]');
    if (number && last && parseInt(number.value, 10) <= last) nextHand(form, last + 1);
  }

  document.addEventListener("htmx:afterSettle", function () {
    say();
    giveBack();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful && nextToSend() && !timer) send();
  });
  window.addEventListener("online", function () {
    window.clearTimeout(timer);
    timer = null;
    send();
  });
  window.addEventListener("offline", say);
  // Hidden (the phone locked, another app) or closed with hands waiting: the service worker sends them.
  function leaving() {
    if (queued().some(function (item) { return item.state === "waiting"; })) syncLater();
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      leaving();
    } else {
      // Back on screen: the service worker may have sent some meanwhile.
      reload().then(function () {
        say();
        giveBack();
        send();
      });
    }
  });
  window.addEventListener("pagehide", leaving);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data === "send") send();  // Background Sync fired with this page on screen
      if (event.data === "queue-changed") reload().then(function () { say(); giveBack(); });
    });
  }
  say();
  // The next start of the app: the queue read (an older page's moved in), said, and sent.
  reload().then(function () {
    // The service worker sends with the newest CSRF token a page was given (a login rotates it).
    if (store && !local) store.setMeta("csrf", csrfToken()).catch(function () {});
    say();
    giveBack();
    send();
    leaving();
  });

  window.addEventListener("load", function () {
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    }
  });
})();
