// The director's table: every tap posts one table event; the server answers the table redrawn.
(function () {
  "use strict";
  var root = document.getElementById("director-table");
  if (!root) { return; }
  var error = document.getElementById("dt-error");
  var view = document.getElementById("dt-view");
  var query = "?event=" + root.dataset.event + "&board=" + root.dataset.board;
  var who = null;

  function showView() {
    var seat = view.value;
    var compass = root.querySelector(".dt-compass");
    var dummy = compass ? compass.dataset.dummy : "";
    root.querySelectorAll(".dt-hand").forEach(function (hand) {
      var hidden = seat !== "" && hand.dataset.seat !== seat && hand.dataset.seat !== dummy;
      hand.classList.toggle("dt-hidden", hidden);
    });
  }

  function chooseWho(seat) {
    who = seat;
    root.querySelectorAll("[data-who]").forEach(function (button) {
      var chosen = button.dataset.who === seat;
      button.classList.toggle("dt-chosen", chosen);
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
    });
  }

  function redraw(answer) {
    root.innerHTML = answer.html;
    var chosen = root.querySelector("[data-who].dt-chosen");
    who = chosen ? chosen.dataset.who : null;
    showView();
  }

  function post(path, body) {
    error.hidden = true;
    root.setAttribute("aria-busy", "true");
    return fetch("/director/table/" + path + query, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": root.dataset.csrf},
      body: body === undefined ? "{}" : JSON.stringify(body),
      credentials: "same-origin"
    }).then(function (response) {
      return response.text().then(function (text) {
        var answer = null;
        root.removeAttribute("aria-busy");
        try { answer = JSON.parse(text); } catch (problem) { answer = null; }
        if (!response.ok || answer === null) {
          error.textContent = answer && typeof answer.detail === "string"
            ? answer.detail : String(response.status);
          error.hidden = false;
          return;
        }
        redraw(answer);
      });
    }, function (problem) {
      root.removeAttribute("aria-busy");
      error.textContent = String(problem);
      error.hidden = false;
    });
  }

  root.addEventListener("click", function (click) {
    var target = click.target.closest("button");
    if (!target || !root.contains(target)) { return; }
    if (target.dataset.who) { chooseWho(target.dataset.who); return; }
    if (target.dataset.call) {
      var change = document.getElementById("dt-change-mode");
      post("tap", {
        event: change && change.checked ? "change" : "call",
        seat: who || "N",
        call: target.dataset.call
      });
      return;
    }
    if (target.dataset.tap) { post("tap", JSON.parse(target.dataset.tap)); }
  });

  // A menu form is one table event: each field named after the event's (calls.0.seat is the
  // seat of its first call); an empty field is left out; data-type="number" gives a number;
  // data-type="flag" names the event's field that is true (the exposed card's "how").
  function eventOf(form) {
    var event = {event: form.dataset.event};
    form.querySelectorAll("[name]").forEach(function (field) {
      var value = field.value.trim();
      if (value === "") { return; }
      if (field.dataset.type === "flag") { event[value] = true; return; }
      var path = field.name.split(".");
      var into = event;
      path.slice(0, -1).forEach(function (key, index) {
        if (into[key] === undefined) { into[key] = /^[0-9]+$/.test(path[index + 1]) ? [] : {}; }
        into = into[key];
      });
      into[path[path.length - 1]] = field.dataset.type === "number" ? Number(value) : value;
    });
    return event;
  }

  root.addEventListener("submit", function (submit) {
    var form = submit.target;
    submit.preventDefault();
    var data = new FormData(form);
    var event;
    if (form.dataset.needs) {
      // The value as typed, in the page's notation: the server reads it for the option.
      event = JSON.parse(form.dataset.tap);
      event.typed = String(data.get("value")).trim();
      event.notation = form.dataset.notation;
    } else if (form.dataset.event) {
      event = eventOf(form);
    } else if (form.dataset.kind === "json") {
      // Not JSON at all: the page's own words (its catalog's), never the parser's.
      try {
        event = JSON.parse(String(data.get("json")));
      } catch (problem) {
        error.textContent = form.dataset.invalid;
        error.hidden = false;
        return;
      }
    } else {
      form.submit();
      return;
    }
    post("tap", event);
  });

  document.getElementById("dt-undo").addEventListener("click", function () { post("undo"); });
  view.value = window.localStorage.getItem("arbitro-table-view") || "";
  view.addEventListener("change", function () {
    window.localStorage.setItem("arbitro-table-view", view.value);
    showView();
  });
  var first = root.querySelector("[data-who].dt-chosen");
  who = first ? first.dataset.who : null;
  showView();
}());
