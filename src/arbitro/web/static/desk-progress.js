// The rounds' grid follows the tables' results as they come in, without reloading the
// page (which would empty the forms the director is typing in): every few seconds, and
// when the director comes back to the window, it asks the event's progress and marks
// each board entered since; a line then says the results and ranking below are older.
(function () {
  "use strict";
  var grid = document.getElementById("progress");
  if (!grid || !grid.dataset.progress || !window.fetch) { return; }
  var news = document.getElementById("progress-news");

  function mark(lines) {
    var changed = false;
    lines.forEach(function (line) {
      line.entered.forEach(function (board) {
        var link = grid.querySelector('a[data-cell="' + line.round + "-" + line.table + "-" + board + '"]');
        if (link && !link.classList.contains("done")) {
          link.classList.remove("missing", "waiting");
          link.classList.add("done");
          link.textContent = board + "\u2713";
          link.title = grid.dataset.entered || "";
          changed = true;
        }
      });
    });
    if (changed && news) { news.hidden = false; }
  }

  function ask() {
    fetch(grid.dataset.progress, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : []; })
      .then(function (lines) { if (Array.isArray(lines)) { mark(lines); } })
      .catch(function () { /* the server is away for a moment: the next turn asks again */ });
  }

  window.setInterval(ask, 15000);
  window.addEventListener("focus", ask);
})();
