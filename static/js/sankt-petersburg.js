// Sankt Petersburg board: keeps open panels (∑ table, draw piles, an exchange
// choice) open when a live update redraws the board, and lets Escape close
// an exchange choice. Moves themselves go through site.js ([data-move]).
(function () {
  "use strict";
  const area = document.getElementById("board-area");
  if (!area || area.dataset.spReady) return;
  area.dataset.spReady = "1";

  const open = new Set();

  area.addEventListener("toggle", function (e) {
    const d = e.target;
    if (!(d instanceof HTMLDetailsElement) || !d.id || !d.hasAttribute("data-keep-open")) return;
    if (d.open) {
      open.add(d.id);
      // Only one exchange choice at a time.
      if (d.classList.contains("sp-choose")) {
        area.querySelectorAll("details.sp-choose[open]").forEach(function (other) {
          if (other !== d) other.open = false;
        });
      }
    } else {
      open.delete(d.id);
    }
  }, true);

  document.addEventListener("board:updated", function () {
    open.forEach(function (id) {
      const d = document.getElementById(id);
      if (d && d.tagName === "DETAILS") d.open = true;
      else open.delete(id);
    });
  });

  area.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    const d = e.target.closest && e.target.closest("details.sp-choose[open]");
    if (!d) return;
    d.open = false;
    const summary = d.querySelector("summary");
    if (summary) summary.focus();
  });
})();
