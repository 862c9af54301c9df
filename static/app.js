// Lantern's own script. Pages work without it; it adds live updates (SSE),
// form posts without a reload, and a visible "reconnecting" state.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var conn = document.getElementById("conn");
  var toast = document.getElementById("toast");
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
  function swap(html, newVersion) {
    var y = window.scrollY;
    live.innerHTML = html;
    if (newVersion >= 0) version = newVersion;
    window.scrollTo(0, y);
    var err = live.querySelector(".error[role=alert]");
    if (err) showToast(err.textContent);
  }

  function typing() {
    var a = document.activeElement;
    return a && live.contains(a) && (a.tagName === "INPUT" || a.tagName === "SELECT") && a.type !== "radio";
  }

  function refresh() {
    if (!fragmentURL) return;
    if (busy || typing()) { pending = true; return; }
    busy = true;
    fetch(fragmentURL, { headers: { "X-Lantern": "fetch" }, credentials: "same-origin" })
      .then(function (r) {
        if (r.status === 403 || r.status === 404) { location.reload(); return; }
        return r.text().then(function (t) { swap(t, parseInt(r.headers.get("X-Lantern-Version") || "-1", 10)); });
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

  connect();
})();
