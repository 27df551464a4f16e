// The site's service worker (served at /sw.js, so its scope is the whole site). It only shows what
// the server pushes: {title, body, url, tag, icon, lang}, in the player's language; a click opens the
// page the message is about, in a window of the site that is already open where there is one.
"use strict";

self.addEventListener("push", function (event) {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (err) { data = {}; }
  if (!data.title) return;
  event.waitUntil(self.registration.showNotification(data.title, {
    body: data.body || "",
    tag: data.tag || undefined,
    icon: data.icon || undefined,
    lang: data.lang || undefined,
    data: { url: data.url || "/" },
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    const same = windows.find(function (w) { return w.url === url; });
    if (same) return same.focus();
    const any = windows.find(function (w) { return new URL(w.url).origin === self.location.origin && "navigate" in w; });
    if (any) return any.navigate(url).then(function (w) { return w && w.focus(); });
    return self.clients.openWindow(url);
  }));
});

// Taken over at once, so that a first subscription does not wait for a reload.
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
