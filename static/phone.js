// The player page around now: sections as tabs, sheets over the game, the
// damage split's −/+ and "all to", confirmations, the dice settings kept
// after a roll, and search in a sheet. The page works without it: sections
// are then shown one after the other and sheets open as anchors.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  var live = document.getElementById("live");
  var L = window.Lantern, local = L.local, session = L.session, getItem = L.getItem, setItem = L.setItem;

  // ---- Sections -----------------------------------------------------------
  // The open section lives on <body>, outside the live part, so a live
  // update keeps it.
  var tabKey = "lantern_tab:" + location.pathname;
  function showTab(name, scroll) {
    if (!live || !live.querySelector(".sect")) return;
    if (!document.getElementById("s-" + name)) name = "board";
    // Only a change: the attribute restyles the whole page.
    if (document.body.getAttribute("data-tab") !== name) document.body.setAttribute("data-tab", name);
    if (getItem(session, tabKey) !== name) setItem(session, tabKey, name);
    live.querySelectorAll(".tabs a[data-tab]").forEach(function (a) {
      var current = a.getAttribute("data-tab") === name;
      if (current !== a.hasAttribute("aria-current")) {
        if (current) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
      }
    });
    if (scroll) {
      var sect = document.getElementById("s-" + name);
      var top = sect.getBoundingClientRect().top;
      if (top > window.innerHeight * 0.6 || top < 0) window.scrollTo(0, Math.max(0, window.scrollY + top - 80));
    }
  }

  // ---- Sheets -------------------------------------------------------------
  var openSheet = null, opener = null, openerY = 0;
  function sheetOf(id) { return id ? document.getElementById(id) : null; }
  function open(id, from) {
    var el = sheetOf(id);
    if (!el) return;
    if (openSheet && openSheet !== id) { var old = sheetOf(openSheet); if (old) old.classList.remove("open"); }
    if (!openSheet) { openerY = window.scrollY; opener = from || null; }
    openSheet = id;
    root.dataset.sheet = id; // outside the live part: an update that replaces the sheet can tell (swap.js)
    el.classList.add("open");
    root.classList.add("sheet-open");
    var close = el.querySelector("[data-close]");
    if (close) close.focus({ preventScroll: true });
  }
  function closeSheet() {
    var el = sheetOf(openSheet);
    if (el) el.classList.remove("open");
    openSheet = null;
    delete root.dataset.sheet;
    root.classList.remove("sheet-open");
    window.scrollTo(0, openerY);
    if (opener && document.contains(opener)) opener.focus({ preventScroll: true });
    opener = null;
  }
  document.addEventListener("keydown", function (e) { if (e.key === "Escape" && openSheet) closeSheet(); });

  // A sheet marked data-once (the haunt's reveal) opens by itself the first
  // time this phone sees it.
  function openOnce() {
    document.querySelectorAll(".sheet[data-once]").forEach(function (el) {
      var key = "lantern_once:" + el.getAttribute("data-once");
      if (getItem(local, key)) return;
      setItem(local, key, "1");
      if (!openSheet) open(el.id, null);
    });
  }

  // ---- Clicks ---------------------------------------------------------------
  document.addEventListener("click", function (e) {
    var a = e.target.closest("a, button");
    if (!a) return;
    if (a.hasAttribute("data-close")) { e.preventDefault(); if (a.closest("#read")) closeRead(); else closeSheet(); return; }
    var href = a.getAttribute("href") || "";
    if (a.hasAttribute("data-tab")) { e.preventDefault(); showTab(a.getAttribute("data-tab"), true); return; }
    if (href.indexOf("#s-") === 0) {
      e.preventDefault();
      if (openSheet) closeSheet();
      showTab(href.slice(3), !a.hasAttribute("data-open"));
      var box = a.hasAttribute("data-open") && live.querySelector("#" + href.slice(1) + " details." + a.getAttribute("data-open"));
      if (box) { box.open = true; box.scrollIntoView({ block: "start" }); window.scrollBy(0, -70); }
      return;
    }
    if (href.indexOf("#sheet-") === 0) { e.preventDefault(); open(href.slice(1), a); return; }
    if (a.hasAttribute("data-split") || a.hasAttribute("data-split-all")) { e.preventDefault(); splitClick(a); return; }
    if (a.tagName === "A" && readable(a)) { e.preventDefault(); read(a.href); }
  });

  // ---- Damage split ---------------------------------------------------------
  function splitClick(btn) {
    var form = btn.closest("form.split");
    var amount = parseInt(form.getAttribute("data-amount"), 10);
    var inputs = form.querySelectorAll(".split-row input");
    if (btn.hasAttribute("data-split-all")) {
      inputs.forEach(function (i) { i.value = i.name === "split." + btn.getAttribute("data-split-all") ? amount : 0; });
    } else {
      var input = btn.closest(".split-row").querySelector("input");
      var v = (parseInt(input.value, 10) || 0) + parseInt(btn.getAttribute("data-split"), 10);
      var others = 0;
      inputs.forEach(function (i) { if (i !== input) others += parseInt(i.value, 10) || 0; });
      if (form.hasAttribute("data-exact") && v + others > amount) {
        // Exact splits move a point from the other trait.
        inputs.forEach(function (i) { if (i !== input && (parseInt(i.value, 10) || 0) > 0 && v + others > amount) { i.value = (parseInt(i.value, 10) || 0) - 1; others--; } });
      }
      input.value = Math.max(0, Math.min(amount - (form.hasAttribute("data-exact") ? others : 0), v));
    }
    updateSplit(form);
  }
  function updateSplit(form) {
    var amount = parseInt(form.getAttribute("data-amount"), 10), sum = 0, kills = false;
    form.querySelectorAll(".split-row").forEach(function (row) {
      var input = row.querySelector("input"), n = parseInt(input.value, 10) || 0;
      var after = (row.getAttribute("data-after") || "").split("|");
      var k = row.getAttribute("data-kills") || "";
      n = Math.max(0, Math.min(after.length - 1, n));
      sum += n;
      row.querySelector("output").textContent = n > 0 ? after[0] + " → " + after[n] : after[0];
      if (k.charAt(n) === "1") kills = true;
      row.querySelector("[data-split='-1']").disabled = n <= 0;
    });
    var kill = form.querySelector(".kill");
    if (kill) kill.hidden = !kills;
    var take = form.querySelector(".split-take");
    take.classList.toggle("danger", kills);
    take.classList.toggle("primary", !kills);
    take.disabled = form.hasAttribute("data-exact") ? sum !== amount : sum === 0;
  }
  document.addEventListener("input", function (e) {
    var form = e.target.closest && e.target.closest("form.split");
    if (form) updateSplit(form);
  });

  // ---- Confirmations --------------------------------------------------------
  // Capture runs before the live part's own submit handler; a "no" stops it.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    var msg = form.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) { e.preventDefault(); e.stopPropagation(); return; }
    if (form.classList.contains("roll-form")) rememberDice(form);
    if (form.hasAttribute("data-sheet-search")) { e.preventDefault(); e.stopPropagation(); search(form); }
  }, true);

  // ---- Dice that remember ---------------------------------------------------
  // The roll answers with a fresh form; what was set for it (trait, count,
  // purpose, target, chosen cards) is put back.
  var dice = null;
  function rememberDice(form) {
    dice = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.name === "total") return;
      if (el.type === "checkbox") { if (el.checked) dice["mod=" + el.value] = true; return; }
      dice[el.name] = el.value;
    });
  }
  function restoreDice() {
    var form = live && live.querySelector("form.roll-form");
    if (!form || !dice) return;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.name === "total") return;
      if (el.type === "checkbox") { el.checked = !!dice["mod=" + el.value]; return; }
      if (el.name in dice) el.value = dice[el.name];
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // ---- Roll for a quiet defender -------------------------------------------
  var laterTimer = 0;
  function later() {
    clearTimeout(laterTimer);
    var el = live && live.querySelector(".later[data-wait]");
    if (!el || !el.hidden) return;
    laterTimer = setTimeout(function () { el.hidden = false; }, parseInt(el.getAttribute("data-wait"), 10) * 1000);
  }

  // ---- Search and reading in a sheet ---------------------------------------
  var reader = null, readerY = 0, readerFrom = null;
  function readable(a) {
    if (!live || !live.contains(a) && !(reader && reader.contains(a)) && !a.closest("#qresults")) return false;
    if (a.target || a.hasAttribute("download")) return false;
    var u = new URL(a.href, location.href);
    return u.origin === location.origin && /^\/(card|room|rules|box|search)(\/|$)/.test(u.pathname) && !!document.getElementById("s-board");
  }
  function readerSheet() {
    if (reader) return reader;
    reader = document.createElement("div");
    reader.id = "read";
    reader.className = "sheet";
    reader.setAttribute("role", "dialog");
    reader.setAttribute("aria-modal", "true");
    var head = document.createElement("div");
    head.className = "sheet-head";
    var title = document.createElement("strong");
    var close = document.createElement("a");
    close.href = "#close"; close.className = "close button"; close.setAttribute("data-close", "");
    var closeLabel = live.querySelector(".sheet [data-close]");
    close.textContent = closeLabel ? closeLabel.textContent : "✕";
    head.appendChild(title); head.appendChild(close);
    var body = document.createElement("div");
    body.className = "sheet-body";
    reader.appendChild(head); reader.appendChild(body);
    document.body.appendChild(reader);
    return reader;
  }
  function read(url) {
    var sheet = readerSheet();
    if (!sheet.classList.contains("open")) { readerY = window.scrollY; readerFrom = document.activeElement; }
    L.request(url, {}, "text")
      .then(function (got) {
        var body = sheet.querySelector(".sheet-body");
        body.innerHTML = got[1];
        var h = body.querySelector("h1, h2");
        sheet.querySelector(".sheet-head strong").textContent = h ? h.textContent : "";
        sheet.setAttribute("aria-label", h ? h.textContent : "");
        // The head now names the page (Ask Lantern, a card): its own title
        // under the head would say it twice.
        if (h && h.tagName === "H1") h.hidden = true;
        sheet.classList.add("open");
        root.classList.add("sheet-open");
        // A link to a passage (/rules/attacks#attacks-3) opens at it.
        var hash = url.indexOf("#"), at = hash < 0 ? null : document.getElementById(url.slice(hash + 1));
        if (at && body.contains(at)) at.scrollIntoView({ block: "start" }); else sheet.scrollTop = 0;
        sheet.querySelector("[data-close]").focus({ preventScroll: true });
      })
      .catch(function () { location.href = url; });
  }
  function closeRead() {
    reader.classList.remove("open");
    if (!openSheet) root.classList.remove("sheet-open");
    window.scrollTo(0, readerY);
    if (readerFrom && document.contains(readerFrom)) readerFrom.focus({ preventScroll: true });
  }
  // A question asked in the Rules tab is answered in the reading sheet,
  // over the game: the search page's answer, as the page itself shows it.
  function search(form) {
    if (!form.q.value.trim()) return;
    read(form.action + "?" + new URLSearchParams(new FormData(form)).toString());
  }

  // A refusal is shown in the status line, under an open sheet: the sheet
  // shows it too, at its top, where the person who was refused is looking.
  function sheetError(el) {
    el.querySelectorAll(".sheet-error").forEach(function (old) { old.remove(); });
    var err = live.querySelector(".error[role=alert]"), body = el.querySelector(".sheet-body");
    if (!err || !body || el.contains(err)) return;
    var p = document.createElement("p");
    p.className = "error sheet-error";
    p.textContent = err.textContent;
    body.insertBefore(p, body.firstChild);
    body.scrollTop = 0;
    el.scrollTop = 0;
  }

  // ---- After every live update ---------------------------------------------
  // scopes are what the update replaced: the live part, or some parts. Only
  // what is new there is set up again; the rest of the page is left alone
  // (on a slow phone every change to the page costs a frame its time).
  function afterSwap(scopes) {
    var tab = document.body.getAttribute("data-tab") || getItem(session, tabKey) || "board";
    showTab(tab, false);
    if (openSheet) {
      var el = sheetOf(openSheet);
      if (el) { el.classList.add("open"); sheetError(el); } else { openSheet = null; delete root.dataset.sheet; root.classList.remove("sheet-open"); }
    }
    scopes.forEach(function (scope) {
      scope.querySelectorAll("form.split").forEach(updateSplit);
      if (scope.querySelector("form.roll-form")) restoreDice();
    });
    later();
    openOnce();
  }
  if (!live) return;
  // A live update replaces the whole live part or some of its parts; swap.js
  // says which (the one swap event every script listens to).
  live.addEventListener("lantern:swapped", function (e) { afterSwap(e.detail); });
  var hash = location.hash.indexOf("#s-") === 0 ? location.hash.slice(3) : "";
  document.body.setAttribute("data-tab", hash || getItem(session, tabKey) || "board");
  if (location.hash.indexOf("#sheet-") === 0) open(location.hash.slice(1), null);
  afterSwap([live]);
})();
