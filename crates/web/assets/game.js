// The game page's script: replay with the keyboard and the move list, live updates from the
// server's event stream, the deadline in the reader's time zone, and moving by clicking a piece
// and a square. The page works without it; this only adds. Served from the bot itself, like
// everything the page loads (the Content-Security-Policy allows nothing else).
"use strict";
(() => {
  const page = document.getElementById("page");
  const gameId = page && page.dataset.game;
  if (!gameId) return;
  const lang = page.dataset.lang || "en";
  const svgCache = new Map();
  let selected = null;
  // The ply the player last made from this page, so that the page read again after it still
  // says it was played (the server checks it against the game).
  let played = null;

  const board = () => document.getElementById("board");
  const plies = () => Number(board().dataset.plies);
  const shownPly = () => Number(board().dataset.ply);

  // The deadline, written by the server in UTC, in the reader's own zone.
  function localTimes() {
    for (const el of document.querySelectorAll("time[datetime]")) {
      const at = new Date(el.getAttribute("datetime"));
      if (Number.isNaN(at.getTime())) continue;
      const full = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short" });
      const days = Math.round((at - Date.now()) / 86400000);
      const hours = Math.round((at - Date.now()) / 3600000);
      const rel = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
      const relative = Math.abs(hours) < 48 ? rel.format(hours, "hour") : rel.format(days, "day");
      if (!el.title) el.title = el.textContent;
      el.textContent = `${full.format(at)} (${relative})`;
    }
  }

  // Marks the move that led to `ply` in the list, and points the step links around it.
  function markPly(ply) {
    for (const a of document.querySelectorAll("#moves a.move")) {
      a.classList.toggle("current", Number(a.dataset.ply) === ply);
    }
    const steps = document.querySelectorAll("nav.replay a.step");
    const targets = [0, Math.max(0, ply - 1), Math.min(plies(), ply + 1), plies()];
    steps.forEach((a, i) => {
      a.dataset.ply = targets[i];
      a.href = `?ply=${targets[i]}#ply=${targets[i]}`;
    });
    // "Showing the position after Black's 3rd move", in the page's words for that move.
    const showing = document.getElementById("showing");
    if (showing) {
      showing.hidden = ply === plies();
      const move = document.querySelector(`#moves a.move[data-ply="${ply}"]`);
      const words = document.getElementById("showing-words");
      if (words) words.textContent = ply === 0 ? showing.dataset.start : move ? move.dataset.showing : "";
    }
  }

  // Shows the position after `ply` plies, drawn by the server (the same SVG the page has).
  async function showPly(ply) {
    const b = board();
    if (!b) return;
    ply = Math.max(0, Math.min(ply, plies()));
    const side = b.dataset.side || "white";
    const key = `${ply}/${side}`;
    let svg = svgCache.get(key);
    if (!svg) {
      const response = await fetch(`/games/${gameId}.svg?ply=${ply}&side=${side}&lang=${lang}`);
      if (!response.ok) return;
      svg = await response.text();
      svgCache.set(key, svg);
    }
    b.innerHTML = svg;
    b.dataset.ply = String(ply);
    clearSelection();
    markPly(ply);
    keepInAddress(ply);
  }

  // The address keeps the position shown (`#ply=N`), none when it is the game's latest, so a
  // reload or a shared link follows the game.
  function keepInAddress(ply) {
    const hash = ply === plies() ? "" : `#ply=${ply}`;
    history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
  }

  function hashPly() {
    const match = /ply=(\d+)/.exec(location.hash);
    return match ? Number(match[1]) : null;
  }

  document.addEventListener("click", (event) => {
    const step = event.target.closest("a[data-ply]");
    if (step && board()) {
      event.preventDefault();
      showPly(Number(step.dataset.ply));
      return;
    }
    const square = event.target.closest("#board [data-square]");
    if (square) pickSquare(square.dataset.square);
  });

  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select, button") || !board()) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: plies() };
    if (event.key in moves) {
      event.preventDefault();
      showPly(moves[event.key]);
    }
  });

  // Moving by clicking: a piece of the player's, then one of its squares.
  function legal() {
    const b = board();
    if (!b || !b.dataset.legal || shownPly() !== plies()) return null;
    try {
      return JSON.parse(b.dataset.legal);
    } catch {
      return null;
    }
  }

  function clearSelection() {
    selected = null;
    for (const el of document.querySelectorAll("#board .selected, #board .dest")) {
      el.classList.remove("selected", "dest");
    }
    const choices = document.getElementById("choices");
    if (choices) choices.remove();
  }

  function mark(squareName, cls) {
    for (const el of document.querySelectorAll(`#board .sq[data-square="${squareName}"]`)) {
      el.classList.add(cls);
    }
  }

  function pickSquare(name) {
    const moves = legal();
    if (!moves) return;
    if (selected && moves[selected]) {
      const sans = moves[selected].filter(([to]) => to === name).map(([, san]) => san);
      if (sans.length === 1) return play(sans[0]);
      if (sans.length > 1) return offerChoices(sans);
    }
    clearSelection();
    if (moves[name]) {
      selected = name;
      mark(name, "selected");
      for (const [to] of moves[name]) mark(to, "dest");
    }
  }

  // A pawn reaching the last rank: one button per piece it may become.
  function offerChoices(sans) {
    const form = document.getElementById("move-form");
    if (!form) return;
    let choices = document.getElementById("choices");
    if (choices) choices.remove();
    choices = document.createElement("div");
    choices.id = "choices";
    choices.className = "choices";
    for (const san of sans) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = san;
      button.addEventListener("click", () => play(san));
      choices.append(button);
    }
    form.after(choices);
  }

  function play(san) {
    const form = document.getElementById("move-form");
    if (!form) return;
    form.elements.move.value = san;
    form.requestSubmit();
  }

  // Forms are sent in the background and the answer (the game's page) replaces this one's.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    // Read as attributes: the forms' field named `action` hides the `form.action` property.
    const method = (form.getAttribute("method") || "get").toLowerCase();
    if (!(form instanceof HTMLFormElement) || method !== "post") return;
    event.preventDefault();
    if (form.dataset.confirm) {
      if (!window.confirm(form.dataset.confirm)) return;
      form.elements.confirm.value = "yes";
    }
    if (form.id === "move-form") played = Number(form.elements.ply.value) + 1;
    for (const button of form.querySelectorAll("button")) button.disabled = true;
    try {
      const response = await fetch(form.getAttribute("action"), {
        method: "POST",
        body: new URLSearchParams(new FormData(form)),
        credentials: "same-origin",
      });
      swapIn(await response.text());
    } catch {
      form.submit();
    }
  });

  // Replaces the page's content with `html`'s (a fresh copy of this game's page), keeping the
  // position the reader is looking at when it is not the last.
  function swapIn(html) {
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("page");
    if (!fresh) return;
    const wasAtEnd = !board() || shownPly() === plies();
    const kept = board() ? shownPly() : null;
    const watching = document.getElementById("watching");
    const count = watching && !watching.hidden ? watching.textContent : null;
    page.innerHTML = fresh.innerHTML;
    svgCache.clear();
    clearSelection();
    if (count) {
      const el = document.getElementById("watching");
      el.textContent = count;
      el.hidden = false;
    }
    localTimes();
    if (!wasAtEnd && kept !== null && kept < plies()) showPly(kept);
    else {
      markPly(plies());
      keepInAddress(plies());
    }
  }

  async function refresh() {
    const also = played === null ? "" : `&played=${played}`;
    const response = await fetch(`/games/${gameId}?lang=${lang}${also}`, { credentials: "same-origin" });
    if (response.ok) swapIn(await response.text());
  }

  // Live: the server tells of every move, offer, takeback and end; the page reads itself anew.
  if (window.EventSource && !document.body.classList.contains("static")) {
    const events = new EventSource(`/games/${gameId}/events?lang=${lang}`);
    for (const kind of ["moved", "ended", "took_back", "offered", "offer_cleared", "analysis_ready", "resync"]) {
      events.addEventListener(kind, () => refresh());
    }
    events.addEventListener("watchers", (event) => {
      const el = document.getElementById("watching");
      if (!el) return;
      el.textContent = JSON.parse(event.data).text;
      el.hidden = false;
    });
  }

  localTimes();
  const wanted = hashPly();
  if (wanted !== null && board() && wanted !== shownPly()) showPly(wanted);
})();
