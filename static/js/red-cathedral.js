// Die Rote Kathedrale board: keeps the panels a player opened (a claim's choices, a points
// breakdown, the influence or reroll choice) open when a live update redraws the board, brings
// the focus back to the decision when the used control is gone, and lets Escape close a panel.
// Moves themselves go through site.js ([data-move]).
(function () {
  "use strict";
  const area = document.getElementById("board-area");
  if (!area || area.dataset.rcReady) return;
  area.dataset.rcReady = "1";

  const open = new Set();
  const keeps = function (d) {
    return d instanceof HTMLDetailsElement && d.id && d.hasAttribute("data-keep-open");
  };
  // Only one claim, and one of the influence and reroll choices, open at a time.
  const exclusive = ["rc-claim", "rc-choose"];

  area.addEventListener("toggle", function (e) {
    const d = e.target;
    if (!keeps(d)) return;
    if (d.open) {
      open.add(d.id);
      exclusive.forEach(function (cls) {
        if (!d.classList.contains(cls)) return;
        area.querySelectorAll("details." + cls + "[open]").forEach(function (other) {
          if (other !== d) other.open = false;
        });
      });
    } else {
      open.delete(d.id);
    }
  }, true);

  // The toggle event comes a moment after the click, and never from a panel that a redraw has
  // replaced in between: note the panel's new state from the click itself.
  area.addEventListener("click", function (e) {
    const summary = e.target.closest && e.target.closest("summary");
    const d = summary && summary.parentElement;
    if (!keeps(d)) return;
    if (d.open) open.delete(d.id);
    else open.add(d.id);
  }, true);

  document.addEventListener("board:updated", function () {
    open.forEach(function (id) {
      const d = document.getElementById(id);
      if (d && d.tagName === "DETAILS") d.open = true;
      else open.delete(id);
    });
    // The control just used is gone (a die moved, a section claimed): keyboard and screen-reader
    // users continue at the next decision instead of the top of the page.
    const lost = !document.activeElement || document.activeElement === document.body;
    const title = document.getElementById("rc-decide-title");
    if (lost && title) title.focus({ preventScroll: true });
  });

  area.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    const d = e.target.closest && e.target.closest(".rc details[open]");
    if (!d) return;
    d.open = false;
    open.delete(d.id);
    const summary = d.querySelector("summary");
    if (summary) summary.focus();
  });
})();
