// Live updates and move submission. The sockets carry only "something
// changed"; the page then fetches what this user may see.
(function () {
  "use strict";

  function csrfToken() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  // ``quiet`` sockets (the bell) leave the page's "live" mark to the page's own socket.
  function socket(path, onMessage, quiet) {
    let delay = 500;
    function open() {
      const proto = location.protocol === "https:" ? "wss://" : "ws://";
      const ws = new WebSocket(proto + location.host + path);
      let pinger = null;
      ws.onopen = function () {
        delay = 500;
        if (!quiet) document.documentElement.dataset.live = "on";
        // Keeps the server's "is looking at this page" mark fresh.
        pinger = setInterval(function () { ws.send(JSON.stringify({ type: "ping" })); }, 30000);
      };
      ws.onmessage = function (e) { onMessage(JSON.parse(e.data)); };
      ws.onclose = function () {
        clearInterval(pinger);
        if (!quiet) document.documentElement.dataset.live = "off";
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 15000);
      };
    }
    open();
  }

  async function refresh(target, url) {
    const res = await fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" });
    if (res.ok) {
      const focused = document.activeElement && document.activeElement.id;
      target.innerHTML = await res.text();
      if (focused) { const el = document.getElementById(focused); if (el) el.focus(); }
      document.dispatchEvent(new CustomEvent("board:updated", { detail: target }));
    }
  }

  // Choosing a language or a game sends its form at once (the form has a button for pages without script).
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
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

  // The bell: the unread count follows the person's notices live.
  const bellCount = document.querySelector("[data-bell] [data-unread]");
  if (bellCount) {
    socket("/ws/notifications/", function (msg) {
      if (msg.type !== "unread") return;
      bellCount.textContent = msg.unread;
      bellCount.hidden = !msg.unread;
    }, true);
  }

  // Lobby: the list of open tables and "your games".
  const lobby = document.querySelector("[data-live-lobby]");
  if (lobby) {
    socket("/ws/lobby/", function (msg) {
      const id = msg.type === "lobby" ? "table-list" : msg.type === "games" ? "my-turn" : null;
      const el = id && document.getElementById(id);
      if (el) refresh(el, el.dataset.refreshUrl);
    });
  }

  // Live clocks: the server renders each seat's time left; the running one counts down here.
  function formatClock(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    const mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(sec).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }
  function startClocks(root) {
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
  }
  startClocks(document);
  document.addEventListener("board:updated", function (e) { startClocks(e.detail); });

  // Game page.
  const page = document.querySelector("[data-game]");
  if (!page) return;
  const area = document.getElementById("board-area");
  const chat = document.getElementById("chat");

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
  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }

  // One board fetch at a time: news arriving meanwhile is fetched once afterwards, and
  // news about moves made while our own move is on its way waits for that move's redraw.
  let latest = 0;
  let fetching = null;
  let again = false;
  function refreshBoard() {
    if (fetching) { again = true; return fetching; }
    fetching = (async function () {
      try {
        do { again = false; await refresh(area, page.dataset.boardUrl); } while (again);
      } finally { fetching = null; }
    })();
    return fetching;
  }

  let busy = false;
  async function send(move, seat) {
    if (busy) return;
    busy = true;
    area.setAttribute("aria-busy", "true");
    try {
      const body = { move: move, version: version(), move_id: uuid() };
      if (seat !== undefined && seat !== "") body.seat = parseInt(seat, 10);
      const res = await fetch(page.dataset.moveUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify(body),
      });
      if (res.ok) { showError(""); await refreshBoard(); }
      else {
        let detail = res.statusText;
        try { detail = (await res.json()).detail || detail; } catch (e) { /* keep status text */ }
        if (res.status === 409) await refreshBoard();
        showError(detail);
      }
    } finally {
      busy = false;
      area.removeAttribute("aria-busy");
    }
    if (latest > version()) refreshBoard();
  }

  function parseValue(v) {
    if (v === "true") return true;
    if (v === "false") return false;
    if (/^-?\d+$/.test(v)) return parseInt(v, 10);
    return v;
  }

  // A form with class move-form builds a move from its fields: the "type"
  // field names the move, checkboxes sharing a name become a list.
  function formMove(form) {
    const move = {};
    const lists = new Set();
    form.querySelectorAll("input[type=checkbox][name]").forEach(function (c) { lists.add(c.name); });
    lists.forEach(function (n) { if (!form.querySelector("input[type=checkbox][name='" + n + "'][data-single]")) move[n] = []; });
    new FormData(form).forEach(function (value, name) {
      if (name === "csrfmiddlewaretoken") return;
      if (Array.isArray(move[name])) move[name].push(parseValue(value));
      else move[name] = parseValue(value);
    });
    return move;
  }

  area.addEventListener("click", function (e) {
    const btn = e.target.closest("[data-move]");
    if (!btn || btn.disabled) return;
    e.preventDefault();
    send(JSON.parse(btn.dataset.move), btn.dataset.seat);
  });
  area.addEventListener("submit", function (e) {
    const form = e.target.closest("form.move-form");
    if (!form) return;
    e.preventDefault();
    send(formMove(form));
  });

  document.addEventListener("submit", function (e) {
    const form = e.target;
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) e.preventDefault();
    if (form.matches("[data-chat-form]")) {
      e.preventDefault();
      const data = new FormData(form);
      fetch(form.action, { method: "POST", body: data, credentials: "same-origin",
                           headers: { "X-Requested-With": "fetch" } })
        .then(function (res) { if (res.ok) { form.reset(); return res.text(); } })
        .then(function (html) { if (html !== undefined) chat.innerHTML = html; });
    }
  });

  socket("/ws/games/" + page.dataset.game + "/", function (msg) {
    // A pong carries the version too, so a page catches up on an announcement it missed.
    if ((msg.type === "version" || msg.type === "pong") && msg.version !== undefined) {
      latest = Math.max(latest, msg.version);
      if (msg.version !== version() && !busy) refreshBoard();
    }
    if (msg.type === "chat") refresh(chat, page.dataset.chatUrl);
  });
})();
