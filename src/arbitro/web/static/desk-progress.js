// The desk follows the work going on elsewhere without reloading the page (which would
// empty the forms the director is typing in). Each element with a data-progress address
// is asked again every data-every seconds (15 unless told) and when the director comes
// back to the window:
// - the rounds' grid (data-show="grid") asks the event's progress and marks each board
//   entered since; a line (#progress-news) then says the results and ranking below are
//   older;
// - a part of a page (data-show="part", such as the deals page's double-dummy analysis)
//   asks its page again and shows the part as the page now has it, until the part says
//   its work is over (data-finished).
(function () {
  "use strict";
  if (!window.fetch || !document.querySelectorAll) { return; }

  function markGrid(grid, lines) {
    if (!Array.isArray(lines)) { return; }
    var news = document.getElementById("progress-news");
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

  function showPart(part, html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(part.id);
    if (!fresh) { return; }
    if (part.innerHTML !== fresh.innerHTML) { part.innerHTML = fresh.innerHTML; }
    if (fresh.hasAttribute("data-finished")) { part.setAttribute("data-finished", ""); }
  }

  var shows = {
    grid: { accept: "application/json", read: function (answer) { return answer.json(); }, show: markGrid },
    part: { accept: "text/html", read: function (answer) { return answer.text(); }, show: showPart }
  };

  function follow(element) {
    var how = shows[element.dataset.show || "grid"];
    if (!how || element.hasAttribute("data-finished")) { return; }
    var every = 1000 * (parseFloat(element.dataset.every) || 15);
    var timer = null;
    function ask() {
      if (element.hasAttribute("data-finished")) {
        window.clearInterval(timer);
        window.removeEventListener("focus", ask);
        return;
      }
      fetch(element.dataset.progress, { credentials: "same-origin", headers: { Accept: how.accept } })
        .then(function (answer) { return answer.ok ? how.read(answer) : null; })
        .then(function (found) { if (found !== null) { how.show(element, found); } })
        .catch(function () { /* the server is away for a moment: the next turn asks again */ });
    }
    timer = window.setInterval(ask, every);
    window.addEventListener("focus", ask);
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-progress]"), follow);
})();
