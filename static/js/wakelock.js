// Keep the screen on while a game is open: between hands the phone lies on
// the table, and a dark screen costs the scorer an unlock every deal.
// Only pages whose <body> carries data-wake-lock ask for it. Browsers without
// the Screen Wake Lock API, or that refuse (low battery, no permission), just
// let the screen sleep as usual.
(function () {
  "use strict";
  if (!document.body || !document.body.hasAttribute("data-wake-lock")) return;
  // Absent on plain http (not a secure context) and in older browsers.
  if (!navigator.wakeLock || typeof navigator.wakeLock.request !== "function") return;

  var sentinel = null;

  function request() {
    if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
    navigator.wakeLock.request("screen").then(
      function (lock) { sentinel = lock; },
      function () { sentinel = null; }
    );
  }

  // The browser releases the lock whenever the page is hidden; ask again on return.
  document.addEventListener("visibilitychange", request);
  request();
})();
