// The settings page's push section: sign this browser up for notifications (service worker at the
// site's root, the push service's subscription handed to the server) or off again; mark the listed
// device that is this browser. The server pushes through the worker (static/js/service-worker.js).
(function () {
  "use strict";
  const section = document.getElementById("push");
  if (!section) return;
  const on = section.querySelector("[data-push-on]"), off = section.querySelector("[data-push-off]");
  const status = section.querySelector("[data-push-status]");
  const csrf = section.querySelector("[name=csrfmiddlewaretoken]") || document.querySelector("[name=csrfmiddlewaretoken]");

  function say(key) { status.textContent = key ? section.dataset["text" + key] || "" : ""; }
  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
      body: JSON.stringify(body),
    });
  }
  function keyBytes(text) {  // base64url -> bytes, as applicationServerKey wants them
    const b64 = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
  }
  function show(subscription) {
    on.hidden = !!subscription;
    off.hidden = !subscription;
    section.querySelectorAll("[data-endpoint]").forEach(function (li) {
      const mark = li.querySelector("[data-this-device]");
      if (mark) mark.hidden = !subscription || li.dataset.endpoint !== subscription.endpoint;
    });
  }

  // A page test may hand in a stand-in for the browser's push manager (tests/e2e/push_hook.js).
  function pushManager(registration) { return window.pushManagerForTests || registration.pushManager; }

  if (!("serviceWorker" in navigator) || !("PushManager" in window || window.pushManagerForTests)) {
    say("Unsupported");
    return;
  }
  const ready = navigator.serviceWorker.register(section.dataset.workerUrl, { scope: "/" })
    .then(function () { return navigator.serviceWorker.ready; });

  ready.then(function (registration) { return pushManager(registration).getSubscription(); })
    .then(show, function () { show(null); });

  on.addEventListener("click", async function () {
    say("");
    on.disabled = true;
    try {
      if (window.Notification && Notification.permission !== "granted" && !window.pushManagerForTests) {
        if (await Notification.requestPermission() !== "granted") { say("Denied"); return; }
      }
      const registration = await ready;
      const subscription = await pushManager(registration).subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(section.dataset.pushKey),
      });
      const res = await post(section.dataset.subscribeUrl, { subscription: subscription.toJSON() });
      if (!res.ok) { say("Failed"); return; }
      window.location.reload();  // the list shows the new device with its choice
    } catch (err) {
      say(window.Notification && Notification.permission === "denied" ? "Denied" : "Failed");
    } finally {
      on.disabled = false;
    }
  });

  off.addEventListener("click", async function () {
    off.disabled = true;
    try {
      const registration = await ready;
      const subscription = await pushManager(registration).getSubscription();
      if (subscription) {
        await post(section.dataset.forgetUrl, { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      window.location.reload();
    } finally {
      off.disabled = false;
    }
  });
})();
