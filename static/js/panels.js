// Shared by the boards whose panels are <details id=... data-keep-open>: a panel the player opened
// stays open when htmx redraws the board, only one panel of each "exclusive" class is open at a time,
// and Escape closes the panel (matching escapable) the focus is in and goes back to its summary.
window.keepPanelsOpen = function (area, exclusive, escapable) {
  "use strict";
  const open = new Set();
  const keeps = function (d) { return d instanceof HTMLDetailsElement && d.id && d.hasAttribute("data-keep-open"); };

  area.addEventListener("toggle", function (e) {
    const d = e.target;
    if (!keeps(d)) return;
    if (!d.open) { open.delete(d.id); return; }
    open.add(d.id);
    exclusive.forEach(function (cls) {
      if (!d.classList.contains(cls)) return;
      area.querySelectorAll("details." + cls + "[open]").forEach(function (other) { if (other !== d) other.open = false; });
    });
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

  // Before site.js puts the focus back (its listener is on the document), so a summary can take it.
  area.addEventListener("htmx:afterSwap", function () {
    open.forEach(function (id) {
      const d = document.getElementById(id);
      if (d && d.tagName === "DETAILS") d.open = true;
      else open.delete(id);
    });
  });

  area.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    const d = e.target.closest && e.target.closest(escapable);
    if (!d) return;
    d.open = false;
    open.delete(d.id);
    const summary = d.querySelector("summary");
    if (summary) summary.focus();
  });
};
