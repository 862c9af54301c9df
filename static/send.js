// Lantern's sender: a worker that posts the page's forms and reads the
// answers, and holds the page's event stream, so that the page's own thread
// is left to draw (on a slow phone, a fetch() call alone holds that thread
// some 10 ms, and receiving a stream message about as long). app.js does
// both itself where there is no worker.
"use strict";

// The page's event stream: each message about it carries the page's
// number for it (no), so that the page knows an earlier stream's from it.
var stream = null;
function openStream(url, no, types) {
  if (stream) stream.close();
  if (typeof EventSource === "undefined") { postMessage({ stream: "unheld", no: no }); return; }
  var mine = stream = new EventSource(url);
  var tell = function (m) { m.no = no; postMessage(m); };
  mine.onopen = function () { tell({ stream: "open" }); };
  mine.onerror = function () { tell({ stream: "error", state: mine.readyState }); };
  types.forEach(function (type) {
    mine.addEventListener(type, function (e) { tell({ stream: "event", type: type, data: e.data, id: e.lastEventId }); });
  });
}

postMessage({ ready: true }); // from here on, what it is given may be sent

// The posts on their way, by id: the page aborts one it gave up on.
var posts = {};

onmessage = function (e) {
  var m = e.data;
  if (m.open) { openStream(m.open, m.no, m.types); return; }
  if (m.close) { if (stream) stream.close(); stream = null; return; }
  if (m.abort) { if (posts[m.abort]) posts[m.abort].abort(); return; }
  var ctl = typeof AbortController === "undefined" ? null : posts[m.id] = new AbortController();
  fetch(m.url, { method: "POST", body: m.body, credentials: "same-origin", headers: m.headers, signal: ctl ? ctl.signal : undefined })
    .then(function (r) {
      return r.text().then(function (text) {
        postMessage({
          id: m.id, status: r.status, ok: r.ok, text: text,
          type: r.headers.get("Content-Type") || "", version: r.headers.get("X-Lantern-Version")
        });
      });
    })
    .catch(function () { postMessage({ id: m.id, failed: true }); })
    .finally(function () { delete posts[m.id]; });
};
