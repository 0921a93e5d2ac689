{% load static %}// The service worker: the app shell and the last game page seen, for a table whose Wi-Fi drops.
// Rendered by games.views.offline.service_worker so the shell's hashed names are current;
// a new deploy changes them, and with them this file, which the browser then installs anew.
"use strict";

// The hands kept on this phone (IndexedDB), shared with the page: see static/js/queue_store.js.
importScripts("{% static 'js/queue_store.js' %}");

const SHELL = "shell-{{ shell_version }}";
const PAGES = "pages";
const SHELL_FILES = [
  "{% static 'css/app.bundle.css' %}",
  "{% static 'js/app.bundle.js' %}",
  "{% static 'django_htmx/htmx-2.min.js' %}",
  "{% static 'manifest.webmanifest' %}",
];
const STATIC_PREFIX = "{% get_static_prefix %}";
const GAME_PAGE = /^\/games\/\d+\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("shell-") && key !== SHELL).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

// The game page from the network when there is one (kept as the last seen),
// else the copy kept; the page itself says it may be out of date (offline.js).
function gamePage(request) {
  return fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(PAGES).then((cache) => cache.keys()
        .then((old) => Promise.all(old.map((key) => cache.delete(key))))
        .then(() => cache.put(request, copy)));
    }
    return response;
  }).catch(() => caches.open(PAGES).then((cache) => cache.match(request)).then((kept) => kept || Response.error()));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && GAME_PAGE.test(url.pathname)) {
    event.respondWith(gamePage(request));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  }
});

// Background Sync: the page asks for it whenever it keeps a hand (and as it is hidden or closed with
// hands waiting); the browser fires it once the connection is back, even with no page of the app
// open. An open page on screen sends the hands itself and says what became of each (offline.js);
// otherwise they are sent from here, one at a time in order, and what the server answered is kept
// for the page to show when it next opens. A failure rejects, so the browser tries again later;
// where it never does, or has no Background Sync (iOS), the next start of the app sends them.
function tell(message) {
  return self.clients.matchAll({type: "window"}).then((windows) => windows.forEach((window) => window.postMessage(message)));
}

function sendKept() {
  const queue = self.HandQueue;
  return queue.exclusively(() => queue.getMeta("csrf").then((token) => {
    const next = () => queue.all().then((items) => {
      const item = queue.nextToSend(items);
      if (!item) return null;
      return queue.post(item, token).then((result) => {
        if (result.kind === "login") return null;  // kept: the page says to log in again
        if (result.kind === "later") throw new Error(`hand ${item.number} not sent (${result.status})`);
        return queue.settle(item, result.status, result.answer).then((settled) => {
          const noted = settled.note ? queue.addNote(settled.note) : Promise.resolve();
          return noted.then(() => (settled.go ? next() : null));
        });
      });
    });
    return next();
  })).finally(() => tell("queue-changed"));
}

self.addEventListener("sync", (event) => {
  if (event.tag !== self.HandQueue.SYNC_TAG) return;
  event.waitUntil(self.clients.matchAll({type: "window"}).then((windows) => {
    if (windows.some((window) => window.visibilityState === "visible")) return tell("send");
    return sendKept();
  }));
});
