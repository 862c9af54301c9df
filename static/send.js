// Lantern's sender: a worker that posts the page's forms and reads the
// answers, so that the page's own thread is free to draw the tap's step
// meanwhile (on a slow phone, a fetch() call alone holds that thread some
// 10 ms). app.js falls back to posting itself where there is no worker.
"use strict";
onmessage = function (e) {
  var m = e.data;
  fetch(m.url, { method: "POST", body: m.body, credentials: "same-origin", headers: m.headers })
    .then(function (r) {
      return r.text().then(function (text) {
        postMessage({
          id: m.id, status: r.status, ok: r.ok, text: text,
          type: r.headers.get("Content-Type") || "", version: r.headers.get("X-Lantern-Version")
        });
      });
    })
    .catch(function () { postMessage({ id: m.id, failed: true }); });
};
