// Moves on the game page, hand-written because the move API speaks JSON: a button with data-move
// (the move as JSON) sends it with the board's version and an id of its own (a retried request is
// not played twice); htmx then fetches the board again (#board-area's hx-get).
(function () {
  "use strict";
  const page = document.querySelector("[data-game]");
  if (!page) return;
  const area = document.getElementById("board-area");

  function version() {
    const b = area.querySelector("[data-version]");
    return b ? parseInt(b.dataset.version, 10) : 0;
  }
  // A refusal belongs to the board it answers: it goes with the next move sent and with any
  // redraw (the message area is part of the board htmx swaps in again).
  function showError(text) {
    const el = document.getElementById("move-error");
    if (!el) return;
    el.textContent = text || "";
    el.hidden = !text;
  }
  function uuid() {  // randomUUID needs https (or localhost); getRandomValues does not
    if (crypto.randomUUID) return crypto.randomUUID();
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }
  // The newest version the game's socket announced (site.js makes its messages events).
  let latest = 0;
  ["ws-version", "ws-pong"].forEach(function (type) {
    page.addEventListener(type, function (e) { latest = Math.max(latest, e.detail.message.version || 0); });
  });

  // Resolves once the board shows version `least` or later and the newest announced, or a refresh
  // failed: until then the board is busy, so nobody acts on a board that is out of date. A board a
  // socket message fetched meanwhile counts too (it may already be the new one, and a press on what it
  // shows must not be dropped as busy); after a refusal (`least` 0) only a refresh sent from now on.
  function redrawn(least) {
    return new Promise(function (done) {
      let sent = false;
      function mark() { sent = true; }
      function shown() { return version() >= Math.max(least, latest); }
      function finish() {
        area.removeEventListener("htmx:beforeSend", mark);
        area.removeEventListener("htmx:afterRequest", check);
        clearTimeout(timer);
        done();
      }
      function check(e) {
        if (e.detail.successful ? shown() && (sent || least > 0) : sent) finish();
      }
      const timer = setTimeout(function () { sent = true; check({ detail: {} }); }, 15000);  // never busy for good
      if (least > 0 && shown()) { finish(); return; }
      area.addEventListener("htmx:beforeSend", mark);
      area.addEventListener("htmx:afterRequest", check);
      htmx.trigger(area, "refresh");
    });
  }

  let busy = false;
  // A move, or with `undo` a take-back: "take_back" (the board's "Take back" button), or a takeback
  // request's "ask", "accept" or "decline" (the button's data-undo).
  async function send(move, undo) {
    if (busy) return;
    busy = true;
    area.setAttribute("aria-busy", "true");
    showError("");
    let error = "";
    try {
      const res = await fetch(undo ? page.dataset.undoUrl : page.dataset.moveUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": page.querySelector("[name=csrfmiddlewaretoken]").value },
        body: JSON.stringify(undo ? { version: version(), request: undo } : { move: move, version: version(), move_id: uuid() }),
      });
      const body = await res.json().catch(function () { return {}; });
      if (!res.ok) error = body.detail || res.statusText;
      // 409: the board was out of date (the server's words ask for a reload); show the newer one
      // and say so. A click that crossed another player's decision at the same time is not refused.
      if (res.status === 409 && body.code === "stale_version") error = page.dataset.staleText || error;
      if (res.ok || res.status === 409) await redrawn(res.ok ? body.version : 0);
    } finally {
      busy = false;
      area.removeAttribute("aria-busy");
    }
    showError(error);
  }

  area.addEventListener("click", function (e) {
    const undo = e.target.closest("[data-undo]");
    if (undo && !undo.disabled) {
      e.preventDefault();
      send(null, undo.dataset.undo || "take_back");
      return;
    }
    const btn = e.target.closest("[data-move]");
    if (!btn || btn.disabled) return;
    e.preventDefault();
    send(JSON.parse(btn.dataset.move));
  });
})();
