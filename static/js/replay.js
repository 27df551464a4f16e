// The replay page: steps through a game in place. The buttons, the slider, the arrow keys (Home and
// End for the first and last step), a click on a log line and a link ending in #step-N all go to a
// step; its board comes from the same address with HX-Request (games/replay_views.py), and the
// address bar keeps ?step=N, so that a reload or a copied link opens that step.
(function () {
  "use strict";
  const page = document.querySelector(".replay-page");
  if (!page) return;
  const url = page.dataset.replayUrl;
  const last = parseInt(page.dataset.last, 10);
  let current = parseInt(page.dataset.step, 10);
  let asked = 0;  // the newest request; older answers are dropped
  const area = document.getElementById("replay-step");
  const range = document.getElementById("replay-range");
  const position = document.getElementById("replay-position");
  const error = document.getElementById("replay-error");
  const log = document.getElementById("replay-log");
  const permalink = document.getElementById("replay-permalink");
  const buttons = {
    first: document.getElementById("replay-first"),
    prev: document.getElementById("replay-prev"),
    next: document.getElementById("replay-next"),
    last: document.getElementById("replay-last"),
  };
  const go = document.getElementById("replay-go");
  if (go) go.hidden = true;  // the slider moves by itself

  function hashStep() {
    const m = /^#step-(\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : null;
  }

  function target(name) {
    return { first: 0, prev: current - 1, next: current + 1, last: last }[name];
  }

  function mark(step) {
    // Controls, log and address follow at once; the board when it arrives.
    range.value = String(step);
    position.textContent = position.dataset.template.replace("{n}", step).replace("{last}", last);
    Object.keys(buttons).forEach(function (name) {
      const to = Math.max(0, Math.min(last, target(name)));
      const b = buttons[name];
      b.href = "?step=" + to;
      const off = to === step;
      b.classList.toggle("disabled", off);
      if (off) b.setAttribute("aria-disabled", "true"); else b.removeAttribute("aria-disabled");
    });
    permalink.href = url + "?step=" + step;
    let first = null;
    log.querySelectorAll("li[data-step]").forEach(function (li) {
      const on = parseInt(li.dataset.step, 10) === step;
      li.classList.toggle("current", on);
      if (on) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
      if (on && !first) first = li;
    });
    if (first) log.scrollTop = first.offsetTop - log.offsetTop - log.clientHeight / 3;
    history.replaceState(null, "", url + "?step=" + step);
  }

  function show(step) {
    step = Math.max(0, Math.min(last, step));
    if (isNaN(step) || step === current) return;
    current = step;
    mark(step);
    const mine = ++asked;
    load(step)
      .then(function (answer) {
        if (mine !== asked) return;
        if (!answer.ok) {
          const doc = new DOMParser().parseFromString(answer.text, "text/html");
          const p = doc.querySelector("main p");
          error.textContent = p ? p.textContent : answer.text.slice(0, 200);
          error.hidden = false;
          return;
        }
        error.hidden = true;
        area.innerHTML = answer.text;
        area.dispatchEvent(new CustomEvent("replay-step", { bubbles: true, detail: { step: step } }));
        // The neighbours next, so that the next press of an arrow shows its board at once.
        [step + 1, step - 1].forEach(function (n) { if (n >= 0 && n <= last) load(n); });
      })
      .catch(function () { /* offline: the controls stay where they are; the next step asks again */ });
  }

  // Boards already fetched, by step (the newest few dozen; a step's board never changes for a reader).
  const boards = new Map();
  function load(step) {
    if (boards.has(step)) return boards.get(step);
    const answer = fetch(url + "?step=" + step, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (r) {
        return r.text().then(function (text) { return { ok: r.ok, text: text }; });
      });
    boards.set(step, answer);
    answer.then(function (a) { if (!a.ok) boards.delete(step); }, function () { boards.delete(step); });
    if (boards.size > 40) boards.delete(boards.keys().next().value);
    return answer;
  }

  const linked = hashStep();  // read before mark() writes ?step=N over the address
  mark(current);
  [current + 1, current - 1].forEach(function (n) { if (n >= 0 && n <= last) load(n); });

  Object.keys(buttons).forEach(function (name) {
    buttons[name].addEventListener("click", function (e) {
      if (e.metaKey || e.ctrlKey || e.shiftKey) return;  // a new tab opens that step as a page
      e.preventDefault();
      show(target(name));
    });
  });
  range.addEventListener("input", function () { show(parseInt(range.value, 10)); });
  range.form.addEventListener("submit", function (e) { e.preventDefault(); show(parseInt(range.value, 10)); });
  log.addEventListener("click", function (e) {
    const li = e.target.closest("li[data-step]");
    if (!li || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    show(parseInt(li.dataset.step, 10));
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t === range) return;  // the slider moves itself with the arrow keys
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    const keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
    if (!(e.key in keys)) return;
    e.preventDefault();
    show(keys[e.key]);
  });

  window.addEventListener("hashchange", function () {
    const step = hashStep();
    if (step !== null) show(step);
  });
  if (linked !== null) show(linked);
})();
