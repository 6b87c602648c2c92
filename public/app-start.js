// Starts the app on a page rendered before it runs (src/web/page-shell.ts: prerendered at build time,
// or a student's page rendered by the server), once that page has been painted: the app's scripts,
// which the page does not name itself, are asked for only then, so they never hold up or compete with
// the first paint. The app then takes over the page (src/web/main.tsx). Written into the page at its
// end, after the page's markup: one request less before the first paint; the Content-Security-Policy
// allows it by its hash, as the theme script.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var modules = (me.getAttribute('data-preload') || '').split(' ');
  // The page carries only the styles its own markup uses (scripts/prerender.ts): the whole sheet, for
  // what the app renders later, comes with the app's scripts.
  var style = me.getAttribute('data-style');
  var started = false;
  // A signed-in page the server rendered: until the app has taken it over, its buttons do nothing,
  // and the page says so (the app takes the mark off: src/web/app/app.tsx). Set here, not in the
  // HTML, so that a reader without JavaScript, for whom the page's links work, is not told that
  // everything is disabled. Not on the public pages, whose forms take what is typed before the app
  // runs and keep their buttons disabled themselves until then.
  var root = document.getElementById('root');
  if (me.hasAttribute('data-controls-wait') && root) root.setAttribute('aria-disabled', 'true');
  // The browser may offer installation before the app runs: the offer is held for it (install-prompt.ts).
  function holdOffer(event) {
    event.preventDefault();
    window.earlyInstallOffer = event;
  }
  window.addEventListener('beforeinstallprompt', holdOffer);
  function start() {
    if (started) return;
    started = true;
    if (style) {
      var sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = style;
      document.head.appendChild(sheet);
    }
    // Fetched side by side rather than one after the other as the entry discovers its imports.
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    // Once the app runs it listens itself.
    script.onload = function () {
      window.removeEventListener('beforeinstallprompt', holdOffer);
    };
    document.head.appendChild(script);
  }
  // After the first paint of the whole page. This script runs at the end of the page's HTML; the
  // browser may have painted part of the page before that (its first contentful paint, while the rest
  // was still arriving): then the downloads wait for the next frame, which paints the rest, the
  // page's largest text among it. Otherwise they wait for the first paint, reported by Paint Timing
  // once it is on screen (later than a frame callback runs). A browser without that report starts
  // after the next frame; a tab in the background paints nothing and starts at once; and at the
  // latest after a few seconds.
  var afterNextFrame = function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    // A tab hidden meanwhile runs no frame callback.
    setTimeout(start, 3000);
  };
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState === 'hidden') {
    start();
  } else if (types.indexOf('paint') >= 0) {
    var painted = function (entries) {
      for (var j = 0; j < entries.length; j++) if (entries[j].name === 'first-contentful-paint') return true;
      return false;
    };
    if (painted(performance.getEntriesByType('paint'))) afterNextFrame();
    else {
      var observer = new PerformanceObserver(function (list) {
        if (!painted(list.getEntries())) return;
        observer.disconnect();
        start();
      });
      observer.observe({ type: 'paint', buffered: true });
      setTimeout(start, 3000);
    }
  } else {
    afterNextFrame();
  }
})();
