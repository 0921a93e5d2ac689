// Focus stays where the person is when htmx swaps a region (issue 39): a
// swapped-out element takes the focus with it, and the browser puts it back
// on the page's top, so a keyboard or screen-reader user lost their place
// after Record, Delete, a sort, a season link, a seat button, and every time
// another phone's hand came in by the poll. Before a swap this notes the
// focused control; after it, the same control is focused again (found by id,
// test id, name and value, or its place in its region), or, when a new hand's
// form came in, the start of that form: where the next hand is entered.
// An open <details> that a swap replaces (the History) is opened again.
(function () {
  "use strict";

  var FOCUSABLE = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  var noted = null;  // the focused control and the open <details>, as the last swap began

  function handNumber(root) {
    var number = root && root.querySelector("form[data-hand-form] input[name=number]");
    return number ? number.value : null;
  }

  // The outermost element with an id inside <main>: the region a swap replaces (#entry, #hands, #standings-table).
  function region(element) {
    var holder = null;
    for (var node = element.parentElement; node && node.id !== "main" && node !== document.body; node = node.parentElement) {
      if (node.id) {
        holder = node;
      }
    }
    return holder;
  }

  // The control last focused: a button htmx disables while its request is out
  // (hx-disabled-elt) loses the focus to the body before the answer comes.
  var lastFocused = null;
  document.addEventListener("focusin", function (event) { lastFocused = event.target; });
  // A tap on the page's background leaves no control to come back to.
  document.addEventListener("pointerdown", function () { lastFocused = null; }, true);

  function note(event) {
    if (event.detail && event.detail.shouldSwap === false) {
      return;  // a 204 poll: nothing is swapped
    }
    var active = document.activeElement;
    // The element whose request this is (a form, a button, a link, the poller), not the swap's target.
    var config = event.detail && event.detail.requestConfig;
    var asking = config && config.elt;
    if (!active || active === document.body) {
      // Only the control whose own request this is: a poll's answer must not pull a reader's
      // place back to a control they left long ago.
      var own = lastFocused && lastFocused.isConnected && asking && asking.contains && asking.contains(lastFocused);
      active = own ? lastFocused : null;
    }
    noted = {
      open: Array.prototype.map.call(document.querySelectorAll("details[id][open]"), function (details) {
        return details.id;
      })
    };
    if (!active) {
      return;
    }
    var holder = region(active);
    var entry = active.closest("#entry");
    noted.element = active;
    noted.id = active.id;
    noted.testid = active.getAttribute("data-testid");
    noted.name = active.getAttribute("name");
    noted.value = active.getAttribute("value");
    noted.region = holder ? holder.id : null;
    noted.index = holder ? Array.prototype.indexOf.call(holder.querySelectorAll(FOCUSABLE), active) : -1;
    noted.sameName = active.name ? Array.prototype.indexOf.call(document.getElementsByName(active.name), active) : -1;
    noted.hand = entry ? handNumber(entry) : null;
  }

  function usable(element) {
    return element && element.isConnected && !element.disabled && element.offsetParent !== null;
  }

  // Where the next hand starts: the first card's row (its chosen seat, else its first), or the first box.
  function handStart() {
    var form = document.querySelector("#entry form[data-hand-form]");
    if (!form) {
      return null;
    }
    var first = form.querySelector("fieldset input:not([type=hidden]), fieldset button:not([hidden])");
    if (first && first.type === "radio") {
      first = form.querySelector('input[name="' + first.name + '"]:checked') || first;
    }
    return first;
  }

  function byName(was) {
    if (!was.name) {
      return null;
    }
    var same = Array.prototype.filter.call(document.getElementsByName(was.name), usable);
    var exact = same.filter(function (element) { return element.getAttribute("value") === was.value; });
    if (exact.length) {
      return exact[0];
    }
    // A seat's "+ Ann" is gone once Ann is seated: the next one in its place, or the last.
    return same.length && was.sameName >= 0 ? same[Math.min(was.sameName, same.length - 1)] : null;
  }

  function inRegion(was) {
    var holder = was.region ? document.getElementById(was.region) : null;
    if (!holder) {
      return null;
    }
    var controls = Array.prototype.filter.call(holder.querySelectorAll(FOCUSABLE), usable);
    return controls.length ? controls[Math.min(Math.max(was.index, 0), controls.length - 1)] : holder;
  }

  function found(was) {
    if (was.hand !== null && handNumber(document.getElementById("entry")) !== was.hand) {
      return handStart();  // a new hand's form: its first row, wherever the focus was in the old one
    }
    var candidates = [
      was.id ? document.getElementById(was.id) : null,
      was.testid ? document.querySelector('[data-testid="' + was.testid + '"]') : null,
      byName(was)
    ];
    for (var index = 0; index < candidates.length; index += 1) {
      if (usable(candidates[index])) {
        return candidates[index];
      }
    }
    return inRegion(was) || handStart();
  }

  function restore() {
    var was = noted;
    noted = null;
    if (!was) {
      return;
    }
    was.open.forEach(function (id) {
      var details = document.getElementById(id);
      if (details && details.tagName === "DETAILS") {
        details.open = true;
      }
    });
    if (!was.element) {
      return;
    }
    var newHand = was.hand !== null && handNumber(document.getElementById("entry")) !== was.hand;
    var active = document.activeElement;
    var moved = active && active !== document.body && active !== was.element;
    if (!newHand && (moved || was.element.isConnected)) {
      return;  // the control was not swapped out, or the new content took the focus (autofocus)
    }
    var target = found(was);
    if (!target) {
      return;
    }
    if (!target.matches(FOCUSABLE)) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus({preventScroll: true});
  }

  document.addEventListener("htmx:beforeSwap", note);
  document.addEventListener("htmx:afterSettle", function () {
    window.setTimeout(restore, 0);
  });
})();
