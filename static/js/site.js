// Live updates through htmx. The sockets (ws-connect in the templates) carry only "something
// changed"; each message {"type": T, ...} becomes the event "ws-T" on its socket's element, and the
// parts of the page there that show T fetch themselves again
// (hx-get, hx-trigger="ws-T from:closest [ws-connect]").
(function () {
  "use strict";

  // Keeps the server's "is looking at this page" mark fresh; data-quiet sockets (the bell) leave
  // the page's "live" mark to the page's own socket.
  document.addEventListener("htmx:wsOpen", function (e) {
    const el = e.target, ws = e.detail.socketWrapper;
    if (!el.hasAttribute("data-quiet")) document.documentElement.dataset.live = "on";
    clearInterval(el.pinger);
    el.pinger = setInterval(function () { ws.send(JSON.stringify({ type: "ping" })); }, 30000);
  });
  document.addEventListener("htmx:wsClose", function (e) {
    const el = e.target, code = e.detail.event.code;
    clearInterval(el.pinger);
    if (!el.hasAttribute("data-quiet")) document.documentElement.dataset.live = "off";
    // The extension retries only abnormal closes; a server that stops cleanly (1000, 1001) is
    // retried too. Our consumers' own refusals (4xxx) are final.
    if (code === 1000 || code === 1001) setTimeout(e.detail.socketWrapper.reconnect, 1000 + Math.random() * 4000);
  });
  document.addEventListener("htmx:wsBeforeMessage", function (e) {
    e.preventDefault();  // JSON, not HTML for the extension to swap
    let msg;
    try { msg = JSON.parse(e.detail.message); } catch (err) { return; }
    (e.target.newest = e.target.newest || {})[msg.type] = msg;
    htmx.trigger(e.target, "ws-" + msg.type, { message: msg });
  });
  // A refresh is sent only for the newest message of its kind, checked when the request would go
  // (it may have waited behind another), and not for news already shown: every other field of the
  // message is shown under the socket's element as data-<field> (the board's data-version, the
  // bell's data-unread). A pong carries the version too, so a page catches up on a missed message.
  // Lists (who must act now, for API clients) follow from the version and are not compared.
  document.addEventListener("htmx:beforeRequest", function (e) {
    const news = e.detail.requestConfig.triggeringEvent, msg = news && news.detail && news.detail.message;
    const socket = msg && e.detail.elt.closest("[ws-connect]");
    if (!socket) return;
    const fields = Object.keys(msg).filter(function (k) { return k !== "type" && !Array.isArray(msg[k]); });
    if (socket.newest[msg.type] !== msg || (fields.length && fields.every(function (k) {
      return socket.querySelector("[data-" + k + '="' + CSS.escape(String(msg[k])) + '"]');
    }))) e.preventDefault();
  });

  // Focus through a swap. htmx puts it back on an element with the same id; another control is found
  // again by its move, name or form, and when it is gone (a card bought, a seat taken) the region's
  // [data-swap-focus] heading or the region itself takes it: never the top of the page.
  let focused = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    const el = document.activeElement;
    focused = el && el !== document.body && e.detail.target.contains(el) ? el : null;
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    const was = focused, region = e.detail.target;
    focused = null;
    if (!was || (document.activeElement && document.activeElement !== document.body)) return;
    const same = was.dataset.move ? '[data-move="' + CSS.escape(was.dataset.move) + '"]'
      : was.name ? was.tagName + '[name="' + CSS.escape(was.name) + '"]'
      : was.form ? 'form[action="' + CSS.escape(was.form.getAttribute("action") || "") + '"] ' + was.tagName : null;
    const next = (same && region.querySelector(same)) || region.querySelector("[data-swap-focus]") || region;
    if (next === region && !region.hasAttribute("tabindex")) region.tabIndex = -1;
    next.focus({ preventScroll: true });
  });

  // Choosing a language or a game sends its form at once (the form has a button for pages without script).
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

  // Forms that ask first (resigning).
  document.addEventListener("submit", function (e) {
    const form = e.target;
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) e.preventDefault();
  });

  // Table and tournament forms: only the fields of the chosen time control are shown and sent.
  document.querySelectorAll("form select[name=time_control]").forEach(function (select) {
    function sync() {
      select.form.querySelectorAll("[data-time-control]").forEach(function (input) {
        const on = input.dataset.timeControl === select.value;
        const field = input.closest(".field") || input;
        field.hidden = !on;
        input.disabled = !on;
      });
    }
    select.addEventListener("change", sync);
    sync();
  });

  // Live clocks: the server renders each seat's time left; the running one counts down here.
  function formatClock(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    const mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(sec).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }
  // On the page and on every fragment htmx swaps in.
  htmx.onLoad(function (root) {
    const clocks = Array.from(root.querySelectorAll("[data-clock-ms]"));
    if (!clocks.length) return;
    const shownAt = Date.now();
    function tick() {
      clocks.forEach(function (c) {
        const left = parseInt(c.dataset.clockMs, 10) - (c.classList.contains("running") ? Date.now() - shownAt : 0);
        c.textContent = formatClock(left);
        c.classList.toggle("low", c.classList.contains("running") && left < 30000);
      });
    }
    tick();
    const timer = setInterval(function () {
      if (!clocks[0].isConnected) { clearInterval(timer); return; }
      tick();
    }, 250);
  });
})();
