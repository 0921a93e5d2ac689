{% load static %}// The service worker: the app shell and the last game page seen, for a table whose Wi-Fi drops.
// Rendered by games.views.offline.service_worker so the shell's hashed names are current;
// a new deploy changes them, and with them this file, which the browser then installs anew.
"use strict";

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
