// A stand-in for the browser's PushManager, handed to static/js/push.js by a browser test only
// (page.add_init_script): headless Chromium has no push service to subscribe at, offline. The test
// sets window.pushStandIn = {endpoint, keys} first: the subscription it would get from its push
// service, whose keys the test holds to read what the site pushes.
(function () {
  "use strict";
  // Kept across page loads as a browser keeps its subscription.
  const KEPT = "push-stand-in-subscribed";
  function subscription(data) {
    return {
      endpoint: data.endpoint,
      toJSON: function () { return { endpoint: data.endpoint, expirationTime: null, keys: data.keys }; },
      unsubscribe: function () { localStorage.removeItem(KEPT); return Promise.resolve(true); },
    };
  }
  window.pushManagerForTests = {
    subscribeOptions: JSON.parse(sessionStorage.getItem("push-stand-in-options") || "null"),
    getSubscription: function () {
      return Promise.resolve(localStorage.getItem(KEPT) ? subscription(window.pushStandIn) : null);
    },
    subscribe: function (options) {
      // What the page asked for, for the test to look at.
      window.pushManagerForTests.subscribeOptions = {
        userVisibleOnly: options.userVisibleOnly,
        keyLength: options.applicationServerKey.length,
      };
      sessionStorage.setItem("push-stand-in-options", JSON.stringify(window.pushManagerForTests.subscribeOptions));
      localStorage.setItem(KEPT, "1");
      return Promise.resolve(subscription(window.pushStandIn));
    },
  };
})();
