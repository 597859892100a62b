
// kifu-browser.js ends here: window.kifu.ready resolves to the API once the WebAssembly
// module is compiled, and the API's functions are then also on window.kifu itself.
(function (root) {
  "use strict";
  const kifu = {};
  kifu.ready = createKifuModule().then(function (Module) {
    return Object.assign(kifu, root.kifuMakeApi(Module));
  });
  root.kifu = kifu;
})(typeof globalThis !== "undefined" ? globalThis : this);
