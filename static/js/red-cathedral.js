// Die Rote Kathedrale board: the panels a player opens (a claim's choices, a points breakdown, the
// influence or reroll choice) stay open through a redraw, one claim and one of the influence and
// reroll choices at a time, and Escape closes any of them (panels.js). Moves go through moves.js
// ([data-move]); the focus after a redraw through site.js ([data-swap-focus] on the decision).
(function () {
  "use strict";
  const area = document.getElementById("board-area");
  if (area) window.keepPanelsOpen(area, ["rc-claim", "rc-choose"], ".rc details[open]");
})();
