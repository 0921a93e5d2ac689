// The hand entry form, made quick to tap. Without this file the form still
// works: the hearts are plain number inputs and the server checks everything.
// With it: − / + / rest buttons, a live line saying what is missing, the
// submit button enabled only once the entry is complete, and the moon panel
// refreshed from the server (the engine decides what is a moon).
(function () {
  "use strict";

  var PREVIEW_TIMEOUT_MS = 4000;

  // A refused entry (422) and a hand someone else just recorded (409) come
  // back with the form or the game to show: swap them like any answer.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (status === 409 || status === 422) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  function inPlay(form) {
    return parseInt(form.getAttribute("data-hearts-in-play"), 10) || 0;
  }

  function heartsInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input.hearts-input"));
  }

  function valueOf(input) {
    var value = parseInt(input.value, 10);
    return isNaN(value) ? 0 : value;
  }

  function assigned(form) {
    return heartsInputs(form).reduce(function (sum, input) { return sum + valueOf(input); }, 0);
  }

  function chosen(form, name) {
    return form.querySelector('input[name="' + name + '"]:checked') !== null;
  }

  function has(form, name) {
    return form.querySelector('input[name="' + name + '"]') !== null;
  }

  // What is still missing, in the table's words; empty when complete.
  function missing(form) {
    var needs = [];
    var total = inPlay(form);
    var sum = assigned(form);
    var negative = heartsInputs(form).some(function (input) { return valueOf(input) < 0; });
    if (sum !== total || negative) {
      needs.push(sum + " of " + total + " hearts assigned");
    }
    if (!chosen(form, "queen")) {
      needs.push("Who took the Q♠?");
    }
    if (has(form, "jack") && !chosen(form, "jack")) {
      needs.push("Who took the J♦?");
    }
    if (has(form, "moon") && !chosen(form, "moon")) {
      needs.push("Moon: add or subtract?");
    }
    return needs;
  }

  function update(form) {
    var needs = missing(form);
    var pending = form.hasAttribute("data-preview-pending");
    var line = form.querySelector("[data-entry-status]");
    var submit = form.querySelector('[data-testid="hand-submit"]');
    var revoke = form.querySelector('[data-testid="revoke-submit"]');
    if (line) {
      line.textContent = needs.length ? needs.join(" · ") : (pending ? "Checking for a moon…" : "Ready to record");
      line.classList.toggle("is-ready", needs.length === 0 && !pending);
    }
    if (submit) {
      submit.disabled = needs.length > 0 || pending;
    }
    if (revoke) {
      revoke.disabled = !chosen(form, "revoke");
    }
  }

  // Ask the server whether the entry shoots the moon, and hold the submit
  // button until it answers (or gives up), so a moon is never sent unresolved.
  function changed(form) {
    var preview = form.querySelector("[data-moon-preview]");
    if (preview && window.htmx) {
      form.setAttribute("data-preview-pending", "");
      window.clearTimeout(form._previewTimer);
      form._previewTimer = window.setTimeout(function () {
        form.removeAttribute("data-preview-pending");
        update(form);
      }, PREVIEW_TIMEOUT_MS);
      window.htmx.trigger(preview, "entry-changed");
    }
    update(form);
  }

  function setHearts(input, value, form) {
    var max = inPlay(form);
    input.value = String(Math.max(0, Math.min(max, value)));
    changed(form);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-hearts]");
    if (!button) {
      return;
    }
    var form = button.closest("form[data-hand-form]");
    var input = button.parentElement.querySelector("input.hearts-input");
    if (!form || !input) {
      return;
    }
    var action = button.getAttribute("data-hearts");
    if (action === "plus") {
      setHearts(input, valueOf(input) + 1, form);
    } else if (action === "minus") {
      setHearts(input, valueOf(input) - 1, form);
    } else if (action === "rest") {
      var others = assigned(form) - valueOf(input);
      setHearts(input, inPlay(form) - others, form);
    }
  });

  // Typing a number or tapping a Q♠/J♦ button changes the entry; choosing
  // add or subtract, or a revoke, only needs the status line redrawn.
  function onInput(event) {
    var form = event.target.closest("form[data-hand-form]");
    if (!form) {
      return;
    }
    var name = event.target.name || "";
    if (name === "queen" || name === "jack" || name.indexOf("hearts_") === 0) {
      changed(form);
    } else {
      update(form);
    }
  }
  document.addEventListener("change", onInput);
  document.addEventListener("input", function (event) {
    if ((event.target.name || "").indexOf("hearts_") === 0) {
      onInput(event);
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.hasAttribute && elt.hasAttribute("data-moon-preview")) {
      var form = elt.closest("form[data-hand-form]");
      if (form) {
        window.clearTimeout(form._previewTimer);
        form.removeAttribute("data-preview-pending");
      }
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("form[data-hand-form]").forEach(enhance);
  });

  function enhance(form) {
    if (!form.hasAttribute("data-enhanced")) {
      form.setAttribute("data-enhanced", "");
      form.querySelectorAll("[data-hearts]").forEach(function (button) { button.hidden = false; });
    }
    update(form);
  }

  function start() {
    document.querySelectorAll("form[data-hand-form]").forEach(enhance);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
