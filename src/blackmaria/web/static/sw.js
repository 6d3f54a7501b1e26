/* The service worker: keeps the scorekeeper (/score, its scripts, its style and the rules list; the texts and each rule set's facts are kept by the page) so that the page works
   offline once it has been loaded. Network first, so a new release or new rules reach the page at once when online;
   the kept copy answers when the network does not. Every other request (the table client, its API, WebSockets)
   passes through untouched. */
"use strict";

const CACHE = "blackmaria-score-v2";
const KEPT = ["/score", "/static/score.js", "/static/i18n.js", "/static/score.css", "/api/presets?lang=en", "/api/presets?lang=de"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("blackmaria-score-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = url.pathname === "/score" ? "/score" : url.pathname + url.search;
  if (!KEPT.includes(key)) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      })
      .catch(() => caches.open(CACHE).then((cache) => cache.match(key)).then((kept) => kept || Response.error())),
  );
});
