// Another phone recorded first. The game page polls, and when the next hand
// changes under this phone (or its own Record meets a 409), the entry form
// is swapped for the next hand's. What this phone had typed is not dropped
// without a word: when the hand recorded is this phone's own (its key: the
// reply to its Record was lost) or the same as it typed, the form stays
// clear and a line says it is in; otherwise what was typed is kept for the
// next hand when it still fits (the same seats, hearts within the hand's
// count), and a line says what happened.
(function () {
  "use strict";

  var kept = null;

  // A sentence translated in templates/offline/queue_strings.html, with its English as a fallback.
  function text(name, english, values) {
    var holder = document.getElementById("queue-strings");
    var attribute = "data-" + name.replace(/[A-Z]/g, function (letter) { return "-" + letter.toLowerCase(); });
    var sentence = (holder && holder.getAttribute(attribute)) || english;
    Object.keys(values || {}).forEach(function (key) {
      sentence = sentence.split("%(" + key + ")s").join(String(values[key]));
    });
    return sentence;
  }

  function entryForm() {
    return document.querySelector("#entry form[data-hand-form]");
  }

  function snapshot(form) {
    var radios = {};
    // Every single point card's taker (the Q♠, the J♦, a house's extra cards).
    form.querySelectorAll('[data-single-card] input[type="radio"]:checked').forEach(function (input) {
      radios[input.name] = input.value;
    });
    var hearts = {};
    var typed = Object.keys(radios).length > 0;
    form.querySelectorAll("input.hearts-input").forEach(function (input) {
      if (input.value !== "" && input.value !== "0") typed = true;
      hearts[input.name] = input.value;
    });
    // Ticked boxes (a player's heart ranks where they score by rank, Turbo's charges): each
    // name's values joined by commas in the form's order, as views.table._recorded_hands gives them.
    var boxes = {};
    form.querySelectorAll('[data-rank-strip] input[type="checkbox"]:checked, [data-charges] input[type="checkbox"]:checked')
      .forEach(function (input) {
        boxes[input.name] = boxes[input.name] ? boxes[input.name] + "," + input.value : input.value;
        typed = true;
      });
    if (!typed) return null;
    var number = form.querySelector('input[name="number"]');
    var key = form.querySelector('input[name="key"]');
    return {form: form, number: number ? number.value : "", key: key ? key.value : "", radios: radios, hearts: hearts, boxes: boxes};
  }

  // The hands recorded since this phone's form was drawn (views.table._recorded_hands):
  // this phone's own (its key: the reply to its Record was lost), or one the same as it typed.
  function recordedHands() {
    var holder = document.querySelector("#entry [data-recorded-hands]");
    if (!holder) return {holder: null, hands: []};
    try {
      return {holder: holder, hands: JSON.parse(holder.getAttribute("data-recorded-hands")) || []};
    } catch (error) {
      return {holder: holder, hands: []};
    }
  }

  function sameAs(entry, fields) {
    var names = Object.keys(entry.radios).concat(Object.keys(entry.hearts), Object.keys(entry.boxes));
    // A blank hearts box is 0; a card nobody was given stays "".
    var blank = function (name) { return name.indexOf("hearts_") === 0 ? "0" : ""; };
    var typed = function (name) {
      if (/^(ranks_|charged$)/.test(name)) return entry.boxes[name] || "";
      var value = name in entry.radios ? entry.radios[name] : entry.hearts[name];
      return value === "" || value === undefined ? blank(name) : String(parseInt(value, 10));
    };
    var theirs = function (name) { return fields[name] === undefined ? blank(name) : fields[name]; };
    // Every card and box the other hand has must be what this phone typed, and the other way round.
    return names.concat(Object.keys(fields).filter(function (name) { return /^(hearts_|ranks_|charged$|queen(_2)?$|jack(_2)?$|ten$|card_)/.test(name); }))
      .every(function (name) { return typed(name) === theirs(name); });
  }

  // What became of the hand this phone was typing: its own, recorded; the same hand from
  // another phone; or none of them (null).
  function outcome(entry) {
    var recorded = recordedHands();
    var own = recorded.hands.filter(function (hand) { return entry.key && hand.key === entry.key; })[0];
    if (own) return {text: recorded.holder.getAttribute("data-own-hand"), number: own.number};
    var same = recorded.hands.filter(function (hand) {
      return String(hand.number) === String(entry.number) && sameAs(entry, hand.fields);
    })[0];
    if (same) return {text: recorded.holder.getAttribute("data-same-hand"), number: same.number};
    return null;
  }

  function fits(form, entry) {
    var inPlay = parseInt(form.getAttribute("data-hearts-in-play"), 10) || 0;
    var sum = 0;
    var ok = Object.keys(entry.hearts).every(function (name) {
      var input = form.querySelector('input[name="' + name + '"]');
      var value = entry.hearts[name] === "" ? 0 : parseInt(entry.hearts[name], 10);
      sum += isNaN(value) ? 0 : value;
      return input !== null && !isNaN(value) && value >= 0 && value <= inPlay;
    });
    return ok && sum <= inPlay && Object.keys(entry.radios).every(function (name) {
      return form.querySelector('input[name="' + name + '"][value="' + entry.radios[name] + '"]') !== null;
    }) && Object.keys(entry.boxes).every(function (name) {
      return entry.boxes[name].split(",").every(function (value) {
        return form.querySelector('input[name="' + name + '"][value="' + value + '"]') !== null;
      });
    });
  }

  function restore(form, entry) {
    Object.keys(entry.hearts).forEach(function (name) {
      form.querySelector('input[name="' + name + '"]').value = entry.hearts[name];
    });
    Object.keys(entry.radios).forEach(function (name) {
      form.querySelector('input[name="' + name + '"][value="' + entry.radios[name] + '"]').checked = true;
    });
    Object.keys(entry.boxes).forEach(function (name) {
      entry.boxes[name].split(",").forEach(function (value) {
        form.querySelector('input[name="' + name + '"][value="' + value + '"]').checked = true;
      });
    });
    // Let hand_form.js check the entry anew (status line, moon check).
    var first = form.querySelector("input.hearts-input, [data-rank-strip] input");
    if (first) first.dispatchEvent(new Event("change", {bubbles: true}));
  }

  // In the form itself when there is one: the messages region is cleared by
  // the next swap (the moon check that the kept entry sets off is one).
  function say(text, form) {
    var place = form || document.getElementById("messages");
    if (!place) return;
    var line = document.createElement("div");
    line.className = "alert alert-warning py-2";
    line.setAttribute("role", "status");
    line.setAttribute("data-entry-notice", "");
    line.textContent = text;
    if (form) {
      form.insertBefore(line, form.querySelector("fieldset"));
    } else {
      place.replaceChildren(line);
    }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail.elt;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    var form = entryForm();
    var fromPoll = elt && elt.id === "poll";
    var target = event.detail.target;
    var refused = form && status === 409 && target && target.id === "entry";
    kept = form && (fromPoll || refused) ? snapshot(form) : null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (!kept) return;
    var entry = kept;
    var form = entryForm();
    if (form === entry.form) return;  // the entry was not swapped: nothing lost
    kept = null;
    var settled = outcome(entry);
    if (settled) {
      // Nothing to offer again: the hand typed here is in (issue 19: the second tap made it twice).
      say(settled.text.replace("%(number)s", settled.number), form);
      return;
    }
    if (form && form.querySelector('input[name="number"]').value === entry.number && fits(form, entry)) {
      restore(form, entry);  // the same hand still to record (the page caught up with this phone): nothing to say
      return;
    }
    var recorded = text("otherRecorded", "Hand %(number)s was recorded on another phone.", {number: entry.number});
    if (!form) {
      say(recorded + " " + text("otherDone", "No more hands to enter."));
    } else if (fits(form, entry)) {
      restore(form, entry);
      var next = form.querySelector('input[name="number"]').value;
      say(recorded + " " + text("otherKept", "What you had typed is kept for hand %(next)s: check it before recording.",
        {next: next}), form);
    } else {
      say(recorded + " " + text("otherCleared", "What you had typed doesn't fit the next hand and was cleared."), form);
    }
  });
})();
