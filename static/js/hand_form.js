// The hand entry form, made quick to tap. Without this file the form still
// works: the hearts are plain number inputs and the server checks everything.
// With it: − / + / rest buttons, a line saying what is missing (said aloud
// once the typing rests, once per change), the submit button refused until
// the entry is complete (aria-disabled: still reached by Tab, and saying
// why), and the moon panel refreshed from the server (the engine decides
// what is a moon).
//
// One tap on Record, or Enter, always records: the button is never disabled
// under a finger by the moon check. A submit made while the check is out
// waits for its answer, then goes on by itself unless the answer asks a
// question (add or subtract?).
(function () {
  "use strict";

  var PREVIEW_TIMEOUT_MS = 4000;

  // A refused entry (422) and a hand someone else just recorded (409) come
  // back with the form or the game to show: htmx swaps them like any answer
  // (the htmx-config meta tag in base.html says so for every page).

  function inPlay(form) {
    return parseInt(form.getAttribute("data-hearts-in-play"), 10) || 0;
  }

  function heartsInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input.hearts-input"));
  }

  // A box's hearts: 0 when blank, NaN when what is typed is not a whole
  // number ("2.5", "1e1", "e"): parseInt read "2.5" as 2, and a number box
  // with "e" on screen reported an empty value, which counted as 0.
  var WHOLE = /^\s*[+-]?[0-9]+\s*$/;

  function parsed(input) {
    if (input.validity && input.validity.badInput) {
      return NaN;
    }
    var text = input.value.trim();
    if (text === "") {
      return 0;
    }
    return WHOLE.test(text) ? parseInt(text, 10) : NaN;
  }

  function valueOf(input) {
    var value = parsed(input);
    return isNaN(value) ? 0 : value;
  }

  function nameOf(input) {
    return input.labels && input.labels.length ? input.labels[0].textContent.trim() : input.name;
  }

  function assigned(form) {
    return heartsInputs(form).reduce(function (sum, input) { return sum + valueOf(input); }, 0) +
      form.querySelectorAll("[data-rank-strip] input:checked").length;
  }

  // Hearts scored by rank (Spot, Pink Lady...): a strip of the 13 hearts per
  // player. A heart ticked for one player leaves the others' strips (one deck);
  // each strip's points are the sum of its ticked hearts' values (the server's).
  function rankStrips(form) {
    return Array.prototype.slice.call(form.querySelectorAll("[data-rank-strip]"));
  }

  function oneDeck(form) {
    return inPlay(form) === 13;
  }

  function tallyStrips(form) {
    rankStrips(form).forEach(function (strip) {
      var ticked = strip.querySelectorAll("input:checked");
      var points = Array.prototype.reduce.call(ticked, function (sum, input) {
        return sum + (parseInt(input.getAttribute("data-points"), 10) || 0);
      }, 0);
      var total = strip.querySelector("[data-rank-total]");
      if (total) {
        total.textContent = ticked.length ? ticked.length + " ♥ · " + points : "";
      }
      // Two decks: the first copy's button says ×2 once the second copy is ticked too.
      strip.querySelectorAll("[data-rank-second]").forEach(function (second) {
        var first = document.getElementById(second.id.replace(/-2$/, ""));
        var mark = first && first.labels.length ? first.labels[0].querySelector("[data-rank-twice]") : null;
        if (mark) {
          mark.hidden = !second.checked;
        }
      });
    });
  }

  // Two decks (Cancellation): a tap per copy on the same button. The first tap
  // ticks one copy, the second tap the other, a third clears both. The click
  // reaches the first copy's box (a tap on its label, or Space on it) with the
  // box already toggled; cancelling it puts the box back as it was.
  function tapTwice(event, first) {
    var second = document.getElementById(first.id + "-2");
    var form = first.closest("form[data-hand-form]");
    if (!second || !form) {
      return;
    }
    if (!first.checked && !second.checked) {
      event.preventDefault();
      second.checked = true;
      changed(form);
    } else if (!first.checked) {
      second.checked = false;
    }
  }

  function takeRank(form, input) {
    if (!input.checked || !oneDeck(form)) {
      return;
    }
    rankStrips(form).forEach(function (strip) {
      var same = strip.querySelector('input[value="' + input.value + '"]');
      if (same && same !== input) {
        same.checked = false;
      }
    });
  }

  // "rest": every heart nobody has ticked goes to this player (with two decks,
  // every copy nobody has: both, or the one another player left).
  function restOfRanks(form, strip) {
    var copies = {};
    strip.querySelectorAll("input[type=checkbox]").forEach(function (input) {
      copies[input.value] = (copies[input.value] || []).concat([input]);
    });
    Object.keys(copies).forEach(function (rank) {
      var elsewhere = rankStrips(form).reduce(function (sum, other) {
        return other === strip ? sum : sum + other.querySelectorAll('input[value="' + rank + '"]:checked').length;
      }, 0);
      copies[rank].forEach(function (input, index) { input.checked = index < copies[rank].length - elsewhere; });
    });
    changed(form);
  }

  function chosen(form, name) {
    return form.querySelector('input[name="' + name + '"]:checked') !== null;
  }

  // One row of player buttons per single point card in play (the Q♠, the J♦,
  // a house's extra cards): the server lays them out, this only reads them.
  function cardRows(form) {
    return Array.prototype.slice.call(form.querySelectorAll("[data-single-card]"));
  }

  // A card as the reader's deck prints it ("D♠" in German): the row's code stays the form's value.
  function shownCard(row) {
    return row.getAttribute("data-card-shown") || row.getAttribute("data-single-card");
  }

  // A card as the reader's language says it ("Pik-Dame"), for what a screen reader reads.
  function saidCard(row) {
    return row.getAttribute("data-card-said") || shownCard(row);
  }

  function isCardChoice(input) {
    return input.type === "radio" && input.closest("[data-single-card]") !== null;
  }

  function has(form, name) {
    return form.querySelector('input[name="' + name + '"]') !== null;
  }

  // The page's sentence (hand_form.html, in the page's language) with its {fields}
  // filled in; the English one where a page does not carry it.
  function say(form, name, english, fields) {
    var text = form.getAttribute("data-say-" + name) || english;
    Object.keys(fields || {}).forEach(function (field) {
      text = text.split("{" + field + "}").join(String(fields[field]));
    });
    return text;
  }

  // What is still missing, in the table's words; empty when complete.
  // "a", "a and b", "a, b and c", as the engine joins names.
  function joinAnd(items, form) {
    if (items.length < 2) {
      return items.join("");
    }
    var head = items.slice(0, -1).join(", ");
    return form ? say(form, "and", "{items} and {last}", {items: head, last: items[items.length - 1]}) :
      head + " and " + items[items.length - 1];
  }

  function missing(form, spoken) {
    var needs = [];
    var total = inPlay(form);
    var sum = assigned(form);
    var negative = heartsInputs(form).filter(function (input) { return valueOf(input) < 0; });
    var notWhole = heartsInputs(form).filter(function (input) { return isNaN(parsed(input)); });
    if (notWhole.length) {
      // The sentence comes from the page, in its language: {name} or {names} is filled in here.
      needs.push(notWhole.length === 1 ?
        form.getAttribute("data-not-whole").replace("{name}", nameOf(notWhole[0])) :
        form.getAttribute("data-not-whole-many").replace("{names}", joinAnd(notWhole.map(nameOf), form)));
    } else if (negative.length) {
      needs.push(say(form, "negative", "Hearts can't be negative ({names})", {names: negative.map(nameOf).join(", ")}));
    } else if (sum !== total) {
      needs.push(say(form, "count", "{sum} of {total} hearts", {sum: sum, total: total}));
    }
    // One question for every card still without a taker ("Who took the Q♠ and
    // J♦?"): with the hearts, one line on a 360px phone.
    var untaken = cardRows(form).filter(function (row) { return !row.querySelector("input:checked"); })
      .map(spoken ? saidCard : shownCard);
    if (untaken.length) {
      needs.push(say(form, "untaken", "Who took the {cards}?", {cards: joinAnd(untaken, form)}));
    }
    if (has(form, "moon") && !chosen(form, "moon")) {
      needs.push(say(form, "moon", "Moon: add or subtract?"));
    }
    return needs;
  }

  // How long the typing must rest before the status line is said: each
  // keystroke of "13" changed it, and a reader heard it 13 times a hand.
  var SAY_AFTER_MS = 1200;

  // The status line said aloud: once the entry rests, and only when its words changed.
  function sayStatus(form, words) {
    var said = form.querySelector("[data-entry-said]");
    window.clearTimeout(form._sayTimer);
    if (!said) {
      return;
    }
    form._sayTimer = window.setTimeout(function () {
      if (words !== form._saidStatus && form.isConnected) {
        form._saidStatus = words;
        said.textContent = words;
      }
    }, SAY_AFTER_MS);
  }

  // Record is refused, not disabled, while the entry is incomplete: Tab still
  // reaches it, and it reads out why (aria-describedby) instead of vanishing.
  function refuseUntilComplete(submit, why, refused) {
    if (refused) {
      submit.setAttribute("aria-disabled", "true");
      submit.setAttribute("aria-describedby", why ? why.id : "");
    } else {
      submit.removeAttribute("aria-disabled");
      submit.removeAttribute("aria-describedby");
    }
  }

  function update(form) {
    tallyStrips(form);
    var needs = missing(form);
    var pending = form.hasAttribute("data-preview-pending");
    var line = form.querySelector("[data-entry-status]");
    var why = form.querySelector("[data-entry-why]");
    var submit = form.querySelector('[data-testid="hand-submit"]');
    var revoke = form.querySelector('[data-testid="revoke-submit"]');
    if (line) {
      var text = needs.length ? needs.join(" · ") :
        (pending ? say(form, "checking", "Checking for a moon…") : say(form, "ready", "Ready to record"));
      if (line.textContent !== text) {
        line.textContent = text;
      }
      line.classList.toggle("is-ready", needs.length === 0 && !pending);
      var spoken = needs.length ? missing(form, true).join(". ") : (pending ? "" : text);
      if (why) {
        why.textContent = spoken;
      }
      if (form._statusStarted) {
        sayStatus(form, spoken);
      } else {
        form._statusStarted = true;
        form._saidStatus = spoken;  // the form as it loads is read where it stands, not announced
      }
    }
    if (submit) {
      submit.disabled = false;
      refuseUntilComplete(submit, why, needs.length > 0);
    }
    heartsInputs(form).forEach(function (input) {
      var bad = isNaN(parsed(input));
      if (bad) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("data-not-whole", "");
      } else if (input.hasAttribute("data-not-whole")) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("data-not-whole");
      }
    });
    if (revoke) {
      revoke.disabled = !chosen(form, "revoke");
    }
  }

  // The entry the moon check was last asked about. Leaving a box fires
  // `change` after the `input` events already asked: that is no new entry,
  // and must not start a check (it used to swallow the tap that left the box).
  function signature(form) {
    var taken = Array.prototype.map.call(
      form.querySelectorAll('[data-single-card] input:checked, input[name="sun"]:checked, ' +
        "[data-rank-strip] input:checked, [data-charges] input:checked"),
      function (input) { return input.name + "=" + input.value; }
    );
    return taken.concat(heartsInputs(form).map(function (input) { return input.value; })).join("|");
  }

  // Ask the server whether the entry shoots the moon. A submit made before it
  // answers waits for the answer (see the submit listener), so a moon is never
  // sent unresolved.
  function changed(form) {
    var preview = form.querySelector("[data-moon-preview]");
    var entry = signature(form);
    if (entry === form._checkedEntry) {
      update(form);
      return;
    }
    form._checkedEntry = entry;
    if (preview && window.htmx) {
      form.setAttribute("data-preview-pending", "");
      window.clearTimeout(form._previewTimer);
      form._previewTimer = window.setTimeout(function () { checked(form); }, PREVIEW_TIMEOUT_MS);
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
    if (event.target.matches && event.target.matches(".rank-cycle input[data-rank-first]")) {
      tapTwice(event, event.target);
      return;
    }
    var rest = event.target.closest("[data-ranks-rest]");
    if (rest && rest.closest("form[data-hand-form]")) {
      restOfRanks(rest.closest("form[data-hand-form]"), rest.closest("[data-rank-strip]"));
      return;
    }
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

  // Typing a number, tapping a card's taker or ticking a sun changes the
  // entry; choosing add or subtract, or a revoke, only needs the status line redrawn.
  function onInput(event) {
    var form = event.target.closest("form[data-hand-form]");
    if (!form) {
      return;
    }
    var name = event.target.name || "";
    if (name.indexOf("ranks_") === 0) {
      takeRank(form, event.target);
    }
    if (isCardChoice(event.target) || name === "sun" || name === "charged" || /^(hearts|ranks)_/.test(name)) {
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

  // The moon check answered (or gave up): a submit that waited for it goes on,
  // unless the answer left something to choose.
  function checked(form) {
    window.clearTimeout(form._previewTimer);
    form.removeAttribute("data-preview-pending");
    update(form);
    var submitter = form._waitingSubmitter;
    form._waitingSubmitter = null;
    if (submitter && form.isConnected && missing(form).length === 0) {
      form.requestSubmit(submitter);
    } else if (submitter && form.isConnected) {
      askFor(form);  // Enter was pressed for a moon: its question is next
    }
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.hasAttribute && elt.hasAttribute("data-moon-preview")) {
      var form = elt.closest("form[data-hand-form]");
      if (form) {
        checked(form);
        showMoon(form);
      }
    }
  });

  // A moon's question appears under the hearts: bring it into view above the
  // Record bar (always at the screen's foot), with what follows it up to the
  // bar (the time limit's box), so the thumb need not scroll to answer it;
  // never so far that the question's own top leaves the screen.
  function showMoon(form) {
    var box = form.querySelector(".moon-box");
    if (!box) {
      return;
    }
    var bar = form.querySelector(".record-bar");
    var limit = bar ? Math.min(bar.getBoundingClientRect().top, window.innerHeight) : window.innerHeight;
    var bottom = box.getBoundingClientRect().bottom;
    for (var before = bar ? bar.previousElementSibling : null; before; before = before.previousElementSibling) {
      if (before.offsetParent !== null) {
        bottom = Math.max(bottom, before.getBoundingClientRect().bottom);
        break;
      }
    }
    var by = Math.min(bottom - limit + 8, box.getBoundingClientRect().top - 8);
    if (by > 0) {
      window.scrollBy(0, by);
    }
  }

  // Captured on the document, before htmx's handler: Record (or Enter) while
  // the entry is incomplete records nothing, and says again what is missing.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var submitter = event.submitter;
    if (!form.matches || !form.matches("form[data-hand-form]") || (submitter && submitter.value === "revoke")) {
      return;
    }
    var record = form.querySelector('[data-testid="hand-submit"]');
    if (!record || record.getAttribute("aria-disabled") !== "true") {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    var said = form.querySelector("[data-entry-said]");
    var why = form.querySelector("[data-entry-why]");
    if (said && why) {
      said.textContent = "";
      form._saidStatus = why.textContent;
      window.setTimeout(function () { said.textContent = why.textContent; }, 100);
    }
    askFor(form);
  }, true);

  // The question still open, focused, so that the next key answers it: the moon's
  // add or subtract (it came 13 Tabs below), or the first card without a taker.
  function askFor(form) {
    var moon = form.querySelector('input[name="moon"]');
    var untaken = cardRows(form).filter(function (row) { return !row.querySelector("input:checked"); })[0];
    var asked = moon && !chosen(form, "moon") ? moon : (untaken ? untaken.querySelector("input") : null);
    if (asked) {
      asked.focus();
    }
  }

  // Captured on the document, so it runs before htmx's own submit handler on
  // the form: a tap or Enter while the moon check is out is held, not lost.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-hand-form]") || !form.hasAttribute("data-preview-pending")) {
      return;
    }
    var submitter = event.submitter;
    if (submitter && submitter.value === "revoke") {
      return;  // a revoke scores no moon: nothing to wait for
    }
    event.preventDefault();
    event.stopPropagation();
    form._waitingSubmitter = submitter || form.querySelector('[data-testid="hand-submit"]');
  }, true);

  // What is typed for the hand, in brief ("Q♠ Ben, ♥ Ann 10, Ben 3"): a
  // revoke is charged instead of it, so the question says what goes.
  function typedEntry(form) {
    var parts = cardRows(form).map(function (row) {
      var taker = row.querySelector("input:checked");
      var label = taker ? form.querySelector('label[for="' + taker.id + '"]') : null;
      return label ? shownCard(row) + " " + label.textContent.trim() : "";
    }).filter(Boolean);
    var hearts = heartsInputs(form).filter(function (input) { return input.value.trim() !== ""; })
      .map(function (input) { return nameOf(input) + " " + input.value.trim(); });
    rankStrips(form).forEach(function (strip) {
      var ranks = Array.prototype.map.call(strip.querySelectorAll("input:checked"), function (input) {
        return input.getAttribute("data-shown") || input.value;
      });
      var name = strip.querySelector(".hearts-name");
      if (ranks.length && name) {
        hearts.push(name.textContent.trim() + " " + ranks.join(" "));
      }
    });
    if (hearts.length) {
      parts.push("♥ " + hearts.join(", "));
    }
    return parts.join(", ");
  }

  // A revoke scores 26 (or more) at one tap: it is asked first, like a null
  // game, naming the offender and what typed entry it throws away.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var submitter = event.submitter;
    if (!form.matches || !form.matches("form[data-hand-form]") || !submitter || submitter.value !== "revoke") {
      return;
    }
    var offender = form.querySelector('input[name="revoke"]:checked');
    var label = offender ? form.querySelector('label[for="' + offender.id + '"]') : null;
    if (!label) {
      return;  // no offender: the server asks who
    }
    var question = form.getAttribute("data-revoke-ask").replace("{name}", label.textContent.trim());
    var typed = typedEntry(form);
    if (typed) {
      question += " " + form.getAttribute("data-revoke-discards").replace("{entry}", typed);
    }
    if (!window.confirm(question)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);

  // The − and + buttons are for fingers (out of the Tab order): a keyboard's arrows do the same in the box.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    var form = input.closest && input.closest("form[data-hand-form]");
    if (!form || !input.classList.contains("hearts-input") || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) {
      return;
    }
    event.preventDefault();
    setHearts(input, valueOf(input) + (event.key === "ArrowUp" ? 1 : -1), form);
  });

  // Typing into a box that already holds a number replaces it instead of
  // making "010" (an edited hand's boxes are filled in).
  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.classList && input.classList.contains("hearts-input")) {
      input.select();
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("form[data-hand-form]").forEach(enhance);
  });

  function enhance(form) {
    if (!form.hasAttribute("data-enhanced")) {
      form.setAttribute("data-enhanced", "");
      form.querySelectorAll("[data-hearts], [data-ranks-rest]").forEach(function (button) { button.hidden = false; });
      // Two decks: the second copies' own buttons give way to a second tap on the first.
      form.querySelectorAll(".rank-copies").forEach(function (strip) {
        strip.classList.add("rank-cycle");
        strip.querySelectorAll("[data-rank-second]").forEach(function (second) { second.hidden = true; });
      });
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
