// Lantern's script for every page: the header (search as you type, a
// header that scrolls away when tall), invalid fields brought into view,
// and what the other scripts share (window.Lantern). Pages work without it.
(function () {
  "use strict";
  var L = window.Lantern = {};

  // localStorage / sessionStorage may be missing or throw (private modes).
  function store(kind) {
    try { var st = window[kind]; st.getItem("x"); return st; } catch (e) { return null; }
  }
  L.local = store("localStorage");
  L.session = store("sessionStorage");
  L.getItem = function (st, k) { try { return st ? st.getItem(k) : null; } catch (e) { return null; } };
  L.setItem = function (st, k, v) { try { if (st) st.setItem(k, v); } catch (e) { /* full or refused */ } };

  // request is a fetch of this server's, read as "text" or "json" (a body
  // that isn't JSON reads as {}) and given up (aborted) after answerWait: a
  // Wi-Fi gone quiet, midway through a body too, must not hold a form or
  // the page. It resolves with [response, body].
  var answerWait = 10000;
  L.request = function (url, opts, as) {
    var ctl = new AbortController(), timer = setTimeout(function () { ctl.abort(); }, answerWait);
    opts.signal = ctl.signal;
    opts.credentials = "same-origin";
    opts.headers = Object.assign({ "X-Lantern": "fetch" }, opts.headers);
    return fetch(url, opts).then(function (r) {
      var body = as === "json" ? r.json().catch(function (e) { if (e.name === "AbortError") throw e; return {}; }) : r.text();
      return body.then(function (b) { return [r, b]; });
    }).finally(function () { clearTimeout(timer); });
  };

  // The toast says something briefly over the page (a refusal out of view,
  // a tap not sent).
  var toast = document.getElementById("toast"), toastTimer = 0;
  L.showToast = function (text, ms) {
    if (!toast || !text) return;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, ms || 4000);
  };

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
        L.request("/api/search?q=" + encodeURIComponent(text), {}, "json")
          .then(function (got) {
            var body = got[1];
            if (mine !== seq) return;
            list.innerHTML = "";
            // A sure first answer that stands out shows whole; answers
            // about alike, or only the nearest (with why), by their titles.
            if (body.note) {
              var note = document.createElement("li"); note.className = "answer-note"; note.textContent = body.note;
              list.appendChild(note);
            }
            var whole = body.sure && body.even === 1;
            (body.results || []).forEach(function (res, i) {
              var li = document.createElement("li"), a = document.createElement("a");
              a.href = res.url; a.textContent = res.title;
              var from = document.createElement("span"); from.className = "hint"; from.textContent = " " + res.source;
              li.appendChild(a); li.appendChild(from);
              if (i === 0 && whole) { var text = document.createElement("p"); text.className = "snippet"; text.textContent = res.text; li.appendChild(text); }
              list.appendChild(li);
            });
            list.hidden = !(body.results || []).length;
          }).catch(function () { if (mine === seq) list.hidden = true; });
      }, 120);
    });
    q.addEventListener("keydown", function (e) { if (e.key === "Escape") list.hidden = true; });
    document.addEventListener("click", function (e) { if (!list.contains(e.target) && e.target !== q) list.hidden = true; });
  }
  // With large text the header can take a good part of the screen: then it
  // scrolls away with the page (and the reconnecting banner floats instead).
  function headerFit() {
    var bar = document.querySelector("header.bar");
    if (!bar) return;
    bar.classList.remove("tall");
    bar.classList.toggle("tall", bar.offsetHeight > window.innerHeight * 0.22);
  }
  L.headerFit = headerFit;
  instantSearch();
  headerFit();
  window.addEventListener("resize", headerFit);
  // A required choice left empty (the omen's room): the browser points at
  // the field, but may leave it under the sticky header or the now bar.
  // The first invalid field of a submit is brought to the middle first,
  // so the browser's note shows beside it.
  var invalidShown = false;
  document.addEventListener("invalid", function (e) {
    if (invalidShown) return;
    invalidShown = true;
    setTimeout(function () { invalidShown = false; }, 0);
    var el = e.target.closest("fieldset, label") || e.target;
    el.scrollIntoView({ block: "center" });
  }, true);
})();
