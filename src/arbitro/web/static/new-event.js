// The new-event form's scorings follow the kind of event: a teams event is scored in IMPs
// turned into victory points or as a knockout, a pairs or individual event by its
// session's method. The server refuses a scoring the kind cannot take all the same.
(function () {
  "use strict";
  var form = document.getElementById("new-event");
  if (!form) { return; }
  var kind = form.querySelector("select[name=kind]");
  var method = form.querySelector("select[name=method]");
  if (!kind || !method) { return; }

  function follow() {
    var teams = kind.value === "teams";
    var first = null;
    Array.prototype.forEach.call(method.options, function (option) {
      var fits = (option.dataset.kind === "teams") === teams;
      option.disabled = !fits;
      option.hidden = !fits;
      if (fits && first === null) { first = option; }
    });
    // A group with none of its scorings offered is hidden too, its label with it.
    Array.prototype.forEach.call(method.querySelectorAll("optgroup"), function (group) {
      group.hidden = Array.prototype.every.call(group.children, function (option) { return option.disabled; });
    });
    if (method.selectedOptions.length === 0 || method.selectedOptions[0].disabled) {
      method.value = first ? first.value : "";
    }
  }

  kind.addEventListener("change", follow);
  follow();
})();
