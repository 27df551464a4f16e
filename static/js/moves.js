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
  function refreshBoard() {
    return htmx.ajax("GET", area.getAttribute("hx-get"), { source: area, target: area });
  }

  let busy = false;
  async function send(move) {
    if (busy) return;
    busy = true;
    area.setAttribute("aria-busy", "true");
    let error = "";
    try {
      const body = { move: move, version: version(), move_id: uuid() };
      const res = await fetch(page.dataset.moveUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": page.querySelector("[name=csrfmiddlewaretoken]").value },
        body: JSON.stringify(body),
      });
      if (!res.ok) {
        error = res.statusText;
        try { error = (await res.json()).detail || error; } catch (e) { /* keep the status text */ }
      }
      // 409: the board was out of date; show the one the move was refused on.
      if (res.ok || res.status === 409) await refreshBoard();
    } finally {
      busy = false;
      area.removeAttribute("aria-busy");
    }
    showError(error);
  }

  area.addEventListener("click", function (e) {
    const btn = e.target.closest("[data-move]");
    if (!btn || btn.disabled) return;
    e.preventDefault();
    send(JSON.parse(btn.dataset.move));
  });
})();
