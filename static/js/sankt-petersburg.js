// Sankt Petersburg board: keeps open panels (∑ table, draw piles, an exchange
// choice) open when a live update redraws the board, brings the focus back to
// the decision when the used control is gone, and lets Escape close an
// exchange choice. Moves themselves go through site.js ([data-move]).
(function () {
  "use strict";
  const area = document.getElementById("board-area");
  if (!area || area.dataset.spReady) return;
  area.dataset.spReady = "1";

  const open = new Set();
  // Cards whose whole text is shown: a tap (or click) on the text opens it where there is no hover.
  const readCards = new Set();

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

  // The toggle event comes a moment after the click, and never from a panel that a redraw has
  // replaced in between: note the panel's new state from the click itself.
  area.addEventListener("click", function (e) {
    const summary = e.target.closest && e.target.closest("summary");
    const d = summary && summary.parentElement;
    if (!(d instanceof HTMLDetailsElement) || !d.id || !d.hasAttribute("data-keep-open")) return;
    if (d.open) open.delete(d.id);
    else open.add(d.id);
  }, true);

  area.addEventListener("click", function (e) {
    const text = e.target.closest && e.target.closest(".sp-text");
    const card = text && text.closest(".sp-card[data-card]");
    if (!card) return;
    const id = card.dataset.card;
    const show = !card.classList.contains("sp-read");
    if (show) readCards.add(id); else readCards.delete(id);
    area.querySelectorAll('.sp-card[data-card="' + id + '"]').forEach(function (c) {
      c.classList.toggle("sp-read", show);
    });
  });

  document.addEventListener("board:updated", function () {
    readCards.forEach(function (id) {
      area.querySelectorAll('.sp-card[data-card="' + id + '"]').forEach(function (c) { c.classList.add("sp-read"); });
    });
    open.forEach(function (id) {
      const d = document.getElementById(id);
      if (d && d.tagName === "DETAILS") d.open = true;
      else open.delete(id);
    });
    // The control just used is gone (a card bought, a pass made): keyboard and screen-reader
    // users continue at the next decision instead of the top of the page.
    const lost = !document.activeElement || document.activeElement === document.body;
    const title = document.getElementById("sp-decide-title");
    if (lost && title) title.focus({ preventScroll: true });
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
