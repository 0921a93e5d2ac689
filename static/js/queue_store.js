// The hands kept on this phone, in IndexedDB, where they outlive the tab: the page
// (offline.js) keeps them and sends them while it is open; the service worker
// (sw.js imports this file) sends them by Background Sync once it is closed, where
// the browser has it. Both send one hand at a time under one lock (Web Locks), each
// reading the queue afresh, so a hand is never sent by both at once; the server
// stores one hand per key anyway. What the server answered is kept with the hand
// (a conflict, a refusal) or said in a note, which the page shows when it next looks.
// Written for a page and a worker alike (`self` is either); no sentence here: the
// page words the notes (templates/offline/queue_strings.html).
(function (scope) {
  "use strict";

  var DATABASE = "scorekeeper";
  var HANDS = "hands";
  var META = "meta";
  var LOCK = "scorekeeper-send";
  var SEND_TIMEOUT_MS = 15000;
  var opened = null;

  function database() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        if (!scope.indexedDB) {
          reject(new Error("no IndexedDB"));
          return;
        }
        var request = scope.indexedDB.open(DATABASE, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(HANDS, {keyPath: "key"});
          request.result.createObjectStore(META);
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
      opened.catch(function () { opened = null; });
    }
    return opened;
  }

  // One transaction: `work(stores)` asks, the promise holds its answer once the transaction is done.
  function transaction(names, mode, work) {
    return database().then(function (db) {
      return new Promise(function (resolve, reject) {
        var done = db.transaction(names, mode);
        var stores = {};
        names.forEach(function (name) { stores[name] = done.objectStore(name); });
        var answer;
        var request = work(stores);
        if (request) request.onsuccess = function () { answer = request.result; };
        done.oncomplete = function () { resolve(answer); };
        done.onerror = function () { reject(done.error); };
        done.onabort = function () { reject(done.error); };
      });
    });
  }

  // Every kept hand, in the order it was kept.
  function all() {
    return transaction([HANDS], "readonly", function (stores) { return stores[HANDS].getAll(); })
      .then(function (items) { return (items || []).sort(function (a, b) { return a.seq - b.seq; }); });
  }

  function putAll(items) {
    return transaction([HANDS], "readwrite", function (stores) {
      items.forEach(function (item) { stores[HANDS].put(item); });
    });
  }

  function put(item) { return putAll([item]); }

  function removeHand(key) {
    return transaction([HANDS], "readwrite", function (stores) { stores[HANDS].delete(key); });
  }

  function getMeta(name) {
    return transaction([META], "readonly", function (stores) { return stores[META].get(name); });
  }

  function setMeta(name, value) {
    return transaction([META], "readwrite", function (stores) { stores[META].put(value, name); });
  }

  // Notes of what became of hands sent while no page looked (the worker's), taken once by a page.
  function addNote(note) {
    return transaction([META], "readwrite", function (stores) {
      var request = stores[META].get("notes");
      request.onsuccess = function () { stores[META].put((request.result || []).concat([note]).slice(-8), "notes"); };
    });
  }

  function takeNotes() {
    return transaction([META], "readwrite", function (stores) {
      var request = stores[META].get("notes");
      stores[META].delete("notes");
      return request;
    }).then(function (notes) { return notes || []; });
  }

  // `work` (returning a promise) while holding the queue's lock; without Web Locks, at once.
  function exclusively(work) {
    var locks = scope.navigator && scope.navigator.locks;
    return locks ? locks.request(LOCK, work) : Promise.resolve().then(work);
  }

  // The first kept hand of each game that is not waiting for the scorer's decision.
  function nextToSend(items) {
    var seen = {};
    return items.filter(function (item) {
      var first = !seen[item.url];
      seen[item.url] = true;
      return first && item.state === "waiting";
    })[0];
  }

  // One kept hand sent, asking for JSON (views.hand_queue): what came back, as
  // {kind: "answer", status, answer}, {kind: "later", status} (0: no answer) or {kind: "login"}.
  function post(item, token) {
    var body = new URLSearchParams(item.body);
    if (token) body.set("csrfmiddlewaretoken", token);
    var abort = scope.AbortController ? new AbortController() : null;
    var stop = setTimeout(function () { if (abort) abort.abort(); }, SEND_TIMEOUT_MS);
    return fetch(item.url, {
      method: "POST",
      body: body.toString(),
      credentials: "same-origin",
      redirect: "manual",
      signal: abort ? abort.signal : undefined,
      headers: {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json", "X-CSRFToken": token || ""},
    }).then(function (response) {
      clearTimeout(stop);
      if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) {
        return {kind: "login"};  // the session ended: kept until the scorer logs in again
      }
      // 429: a table link's phone sending too fast (games.views.guests): kept, and sent again later.
      if (response.status >= 500 || response.status === 0 || response.status === 429) {
        return {kind: "later", status: response.status};
      }
      return response.json().then(function (answer) {
        return {kind: "answer", status: response.status, answer: answer};
      }, function () {
        return {kind: "later", status: response.status};
      });
    }, function () {
      clearTimeout(stop);
      return {kind: "later", status: 0};
    });
  }

  // The server's answer kept: the hand leaves the queue when it is stored (or was, under its key,
  // or the same hand by another phone), or when it can go nowhere; a conflict waits for the scorer,
  // a refusal goes back to the form. What to say is the note; `go` is whether to send the next one.
  // `storage` ({put, remove}) is where the queue is kept: this file's IndexedDB unless the page says otherwise.
  function settle(item, status, answer, storage) {
    var outcome = answer && answer.outcome;
    var number = item.number;
    var remove = (storage || {}).remove || removeHand;
    function kept(state) {
      item.state = state;
      item.answer = answer;
      return ((storage || {}).put || put)(item);
    }
    if (status === 200 && outcome === "recorded") {
      return remove(item.key).then(function () { return {note: {name: "recorded", number: number}, refresh: true, go: true}; });
    }
    if (status === 409 && outcome === "conflict" && answer.same) {
      return remove(item.key).then(function () { return {note: {name: "same", number: number}, refresh: true, go: true}; });
    }
    if (status === 409 && outcome === "conflict") {
      return kept("conflict").then(function () { return {go: true}; });
    }
    if (status === 409 && outcome === "ahead") {
      // An earlier hand is still to come (one sent back to the form): wait for it, then try again.
      return Promise.resolve({ahead: answer.next, go: false});
    }
    if (status === 422 || (status === 409 && outcome === "refused")) {
      var reason = (answer && answer.message) || "";
      return kept("returned").then(function () {
        return {note: {name: "returned", number: number, reason: reason}, giveBack: true, go: true};
      });
    }
    // 404 and the like: this hand can't be sent anywhere any more.
    return remove(item.key).then(function () { return {note: {name: "gone", number: number, status: status}, go: true}; });
  }

  scope.HandQueue = {
    all: all,
    put: put,
    putAll: putAll,
    remove: removeHand,
    getMeta: getMeta,
    setMeta: setMeta,
    addNote: addNote,
    takeNotes: takeNotes,
    exclusively: exclusively,
    nextToSend: nextToSend,
    post: post,
    settle: settle,
    SYNC_TAG: "scorekeeper-hands",
  };
})(self);
