// The claim page: a check takes a moment, searching further some seconds. While the
// server searches, the button that asked says so and cannot be pressed again.
(function () {
  "use strict";
  document.querySelectorAll("form[data-searching]").forEach(function (form) {
    form.addEventListener("submit", function () {
      var button = form.querySelector("button[type=submit]");
      if (!button) { return; }
      button.disabled = true;
      button.textContent = form.dataset.searching;
    });
  });
})();
