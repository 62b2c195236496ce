// Price alerts in the service worker (docs/alerts.md "Delivery"), imported by the Workbox-generated sw.js
// (scripts/service-worker-plugin.ts, workbox.importScripts). `push`: a Web Push from the server (its payload is
// {title, body, tag, url}, already in the subscriber's language) is shown as a notification, unless a window of the
// app is focused (the app shows its own toast then). `notificationclick`: focuses an open window of the app on the
// alert's instrument, or opens one. Plain script: it runs in the worker as it is, not through the app's build.
/* global self, clients */
'use strict';

self.addEventListener('push', (event) => {
  let p = null;
  try {
    p = event.data ? event.data.json() : null;
  } catch {
    p = null;
  }
  if (!p || typeof p.title !== 'string') return;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      if (list.some((c) => c.focused)) return undefined;
      return self.registration.showNotification(p.title, {
        body: typeof p.body === 'string' ? p.body : '',
        tag: typeof p.tag === 'string' ? p.tag : undefined,
        icon: '/icons/icon-192.png',
        data: { url: typeof p.url === 'string' ? p.url : '/' },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = (event.notification.data && event.notification.data.url) || '/';
  // Only the app's own pages: a URL of this origin.
  const url = new URL(raw, self.location.origin);
  const target = url.origin === self.location.origin ? url.href : self.location.origin + '/';
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => new URL(c.url).origin === self.location.origin);
      if (open) return open.focus().then((c) => (c && 'navigate' in c ? c.navigate(target) : c));
      return clients.openWindow(target);
    }),
  );
});
