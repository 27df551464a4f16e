// Sankt Petersburg board: open panels (∑ table, draw piles, an exchange choice) stay open through a
// redraw, one exchange choice at a time, and Escape closes an exchange choice (panels.js). Moves go
// through moves.js ([data-move]); the focus after a redraw through site.js ([data-swap-focus]).
(function () {
  "use strict";
  const area = document.getElementById("board-area");
  if (!area) return;
  window.keepPanelsOpen(area, ["sp-choose"], "details.sp-choose[open]");

  // Cards whose whole text is shown: a tap (or click) on the text opens it where there is no hover,
  // and it stays open through a redraw.
  const readCards = new Set();
  function mark(id, show) {
    area.querySelectorAll('.sp-card[data-card="' + id + '"]').forEach(function (c) { c.classList.toggle("sp-read", show); });
  }
  area.addEventListener("click", function (e) {
    const text = e.target.closest && e.target.closest(".sp-text");
    const card = text && text.closest(".sp-card[data-card]");
    if (!card) return;
    const show = !card.classList.contains("sp-read");
    if (show) readCards.add(card.dataset.card); else readCards.delete(card.dataset.card);
    mark(card.dataset.card, show);
  });
  area.addEventListener("htmx:afterSwap", function () {
    readCards.forEach(function (id) { mark(id, true); });
  });
})();
