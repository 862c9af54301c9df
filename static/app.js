// Lantern's own script. Pages work without it; it adds live updates (SSE),
// form posts without a reload, and a visible "reconnecting" state.
(function () {
  "use strict";

  // The search box in the header lists matches as you type; without the
  // script it submits to the /search page.
  function instantSearch() {
    var q = document.getElementById("q"), list = document.getElementById("qresults");
    if (!q || !list) return;
    var timer = 0, seq = 0;
    q.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var mine = ++seq, text = q.value.trim();
        if (!text) { list.hidden = true; return; }
        fetch("/api/search?q=" + encodeURIComponent(text), { credentials: "same-origin" })
          .then(function (r) { return r.json(); })
          .then(function (body) {
            if (mine !== seq) return;
            list.innerHTML = "";
            body.results.slice(0, 10).forEach(function (res) {
              var li = document.createElement("li"), a = document.createElement("a");
              a.href = res.url; a.textContent = res.name;
              var kind = document.createElement("span"); kind.className = "hint"; kind.textContent = " " + res.kind;
              li.appendChild(a); li.appendChild(kind); list.appendChild(li);
            });
            list.hidden = body.results.length === 0;
          }).catch(function () { list.hidden = true; });
      }, 120);
    });
    q.addEventListener("keydown", function (e) { if (e.key === "Escape") list.hidden = true; });
    document.addEventListener("click", function (e) { if (!list.contains(e.target) && e.target !== q) list.hidden = true; });
  }
  var live = document.getElementById("live");
  var conn = document.getElementById("conn");
  var toast = document.getElementById("toast");
  instantSearch();
  if (!live) return;
  var eventsURL = live.dataset.events;
  var fragmentURL = live.dataset.fragment;
  var version = parseInt(live.dataset.version || "0", 10);
  var pending = false, busy = false, source = null, toastTimer = 0;

  function showToast(text) {
    if (!toast || !text) return;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, 4000);
  }

  // swap replaces the live part of the page with fresh server HTML, keeping
  // the scroll position and whatever the person is typing.
  function swap(html, newVersion, keep) {
    var y = window.scrollY;
    var kept = keep ? keepForms() : null;
    live.innerHTML = html;
    if (kept) restoreForms(kept);
    if (newVersion >= 0) version = newVersion;
    updateOdds();
    window.scrollTo(0, y);
    var err = live.querySelector(".error[role=alert]");
    if (err) showToast(err.textContent);
  }

  // A live refresh must not wipe a roll or damage the player is setting up:
  // forms marked data-keep get their fields back after the swap.
  function keepForms() {
    var kept = {};
    live.querySelectorAll("form[data-keep]").forEach(function (f) {
      var fields = {};
      Array.prototype.forEach.call(f.elements, function (el) {
        if (!el.name || el.type === "hidden" || el.type === "submit") return;
        fields[el.name + "=" + (el.type === "checkbox" ? el.value : "")] = el.type === "checkbox" ? el.checked : el.value;
      });
      kept[f.dataset.keep] = fields;
    });
    return kept;
  }
  function restoreForms(kept) {
    live.querySelectorAll("form[data-keep]").forEach(function (f) {
      var fields = kept[f.dataset.keep];
      if (!fields) return;
      Array.prototype.forEach.call(f.elements, function (el) {
        var k = el.name + "=" + (el.type === "checkbox" ? el.value : "");
        if (!(k in fields)) return;
        if (el.type === "checkbox") el.checked = fields[k]; else el.value = fields[k];
      });
    });
  }

  function typing() {
    var a = document.activeElement;
    return a && live.contains(a) && a.tagName === "INPUT" && (a.type === "number" || a.type === "text") && a.value !== "";
  }

  function refresh() {
    if (!fragmentURL) return;
    if (busy || typing()) { pending = true; return; }
    busy = true;
    fetch(fragmentURL, { headers: { "X-Lantern": "fetch" }, credentials: "same-origin" })
      .then(function (r) {
        if (r.status === 403 || r.status === 404) { location.reload(); return; }
        return r.text().then(function (t) { swap(t, parseInt(r.headers.get("X-Lantern-Version") || "-1", 10), true); });
      })
      .catch(function () { setOffline(true); })
      .finally(function () {
        busy = false;
        if (pending) { pending = false; refresh(); }
      });
  }

  function setOffline(off) { if (conn) conn.hidden = !off; }

  function connect() {
    if (!eventsURL) return;
    if (source) source.close();
    source = new EventSource(eventsURL);
    source.addEventListener("version", function (e) {
      setOffline(false);
      var v = parseInt(e.data, 10);
      if (v > version) refresh();
    });
    source.onopen = function () { setOffline(false); };
    source.onerror = function () {
      setOffline(true);
      // The browser retries on its own; a closed stream (server restart,
      // network change) is reopened by hand.
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    };
  }

  // A phone that slept may hold a dead stream: reopen it and catch up.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !eventsURL) return;
    connect();
    refresh();
  });
  window.addEventListener("online", function () { connect(); refresh(); });
  document.addEventListener("focusout", function () { if (pending) setTimeout(refresh, 0); });

  // Forms post without a reload; the server answers with the fresh live part.
  live.addEventListener("submit", function (e) {
    var form = e.target;
    if (!fragmentURL || form.hasAttribute("data-plain") || (form.method || "").toLowerCase() !== "post") return;
    e.preventDefault();
    var data = new FormData(form);
    if (e.submitter && e.submitter.name) data.append(e.submitter.name, e.submitter.value);
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; }); // a second tap can't send twice
    busy = true;
    fetch(form.action, {
      method: "POST", body: new URLSearchParams(data), credentials: "same-origin",
      headers: { "X-Lantern": "fetch" }
    }).then(function (r) {
      return r.text().then(function (t) {
        if (r.status >= 500) { showToast(t); buttons.forEach(function (b) { b.disabled = false; }); return; }
        swap(t, parseInt(r.headers.get("X-Lantern-Version") || "-1", 10));
        if (r.ok && navigator.vibrate) navigator.vibrate(8);
      });
    }).catch(function () {
      setOffline(true);
      buttons.forEach(function (b) { b.disabled = false; });
    }).finally(function () {
      busy = false;
      if (pending) { pending = false; refresh(); }
    });
  });


  // The roller shows the exact chance of making its target before rolling:
  // each die is 0, 1 or 2 with chance 1/3 (the server uses the same law).
  function chanceAtLeast(n, bonus, target) {
    var dist = [1];
    for (var i = 0; i < n; i++) {
      var next = new Array(dist.length + 2).fill(0);
      for (var t = 0; t < dist.length; t++) for (var f = 0; f <= 2; f++) next[t + f] += dist[t];
      dist = next;
    }
    var good = 0, all = 0;
    dist.forEach(function (w, t) { all += w; if (t + bonus >= target) good += w; });
    return good / all;
  }
  function updateOdds() {
    var form = live.querySelector(".roll-form");
    if (!form) return;
    var trait = form.querySelector(".roll-trait");
    var opt = trait.options[trait.selectedIndex];
    var n = trait.value ? parseInt(opt.dataset.dice, 10) : parseInt(form.dice.value || "0", 10);
    var mods = Array.prototype.map.call(form.querySelectorAll("input[name=mod]:checked"), function (m) { return m.value; });
    if (mods.indexOf("candle") >= 0 || mods.indexOf("a-moment-of-hope") >= 0) n++;
    if (mods.indexOf("drip-drip-drip") >= 0) n = Math.max(1, n - 1);
    n = Math.min(8, n);
    var bonus = mods.indexOf("adrenaline-shot") >= 0 ? 4 : 0;
    var target = parseInt(form.target.value || "0", 10);
    form.querySelector(".roll-dice").hidden = !!trait.value;
    var out = form.querySelector("output[name=odds]");
    out.textContent = target > 0 && n > 0 ? n + " 🎲 → " + target + "+ : " + Math.round(chanceAtLeast(n, bonus, target) * 100) + "%" : "";
  }
  live.addEventListener("input", updateOdds);
  live.addEventListener("change", updateOdds);

  updateOdds();
  connect();
})();
