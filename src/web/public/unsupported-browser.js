/* global window, document */
// Internet Explorer 11 and older never run the module bundle: tell them why, in French. A file of its
// own, not inline in index.html: the Content-Security-Policy allows no inline script. ES5 on purpose.
(function () {
  var ua = window.navigator.userAgent;
  if (/MSIE |Trident\//.test(ua)) {
    window.__unsupportedBrowser = true;
    document.addEventListener('DOMContentLoaded', function () {
      var root = document.getElementById('root');
      if (!root) return;
      root.innerHTML =
        '<main style="font-family:Segoe UI,Arial,sans-serif;max-width:560px;margin:10% auto;padding:24px;border:1px solid #aec8e8;border-radius:8px">' +
        '<h1 style="color:#224571;font-size:22px">Navigateur non pris en charge</h1>' +
        '<p>Internet Explorer 11 et ses versions antérieures ne sont pas pris en charge. ' +
        'Utilisez Microsoft Edge, Mozilla Firefox ou Google Chrome.</p></main>';
    });
  }
})();
