// The club's members, searched as the director types; a tap adds one to a list of players.
(function () {
  "use strict";
  var search = document.getElementById("member-search");
  var results = document.getElementById("member-results");
  if (!search || !results) { return; }
  var target = document.getElementById(search.dataset.target || "participants");
  var asked = 0;

  function add(text) {
    if (!target) { return; }
    if (target.tagName === "INPUT") {
      // One participant's players: the member joins those already typed.
      target.value = target.value.trim() === "" ? text : target.value.replace(/[\s,]+$/, "") + ", " + text;
      return;
    }
    // A participant's line holds its players separated by commas: the member joins the
    // last line while it has one player, else starts the next line.
    var lines = target.value.replace(/\s+$/, "").split("\n");
    var last = lines[lines.length - 1];
    if (last.trim() !== "" && last.indexOf(",") < 0 && last.indexOf(":") >= 0 && last.split(":")[1].trim() !== "") {
      lines[lines.length - 1] = last + ", " + text;
    } else if (last.trim() === "") {
      lines[lines.length - 1] = String(lines.length) + ": " + text;
    } else {
      lines.push(String(lines.length + 1) + ": " + text);
    }
    target.value = lines.join("\n");
  }

  function show(found) {
    results.textContent = "";
    found.forEach(function (member) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "member";
      button.textContent = member.text;
      button.addEventListener("click", function () { add(member.text); });
      item.appendChild(button);
      results.appendChild(item);
    });
  }

  search.addEventListener("input", function () {
    var words = search.value.trim();
    var mine = ++asked;
    if (words === "") { show([]); return; }
    fetch(search.dataset.url + "?q=" + encodeURIComponent(words), { credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : { members: [] }; })
      .then(function (data) { if (mine === asked) { show(data.members); } });
  });
}());
