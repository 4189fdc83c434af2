// A page as sites serve them: the article among navigation, scripts, styles, a cookie banner,
// a sidebar, a newsletter form and a footer. (Test-only.)

/** Words that appear only in the chrome around the article: none may reach the model. */
export const CHROME_MARKERS = [
  'COOKIE-BANNER-TEXT',
  'NAV-MENU-ITEM',
  'SCRIPT-SECRET',
  'STYLE-RULE-MARKER',
  'FOOTER-LEGAL',
  'NEWSLETTER-SIGNUP',
  'SIDEBAR-AD',
];

export const ARTICLE_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Release notes for Widget 5 | Widget Blog</title>
  <style>.STYLE-RULE-MARKER { color: red } body { font-family: sans-serif }</style>
  <script>window.analytics = 'SCRIPT-SECRET'; document.cookie = 'x=1';</script>
  <link rel="stylesheet" href="/site.css">
</head>
<body>
  <div id="cookie-banner" class="cookie-consent" role="dialog">
    <p>COOKIE-BANNER-TEXT We use cookies to improve your experience.</p>
    <button>Accept all</button><button>Reject</button>
  </div>
  <header class="site-header">
    <nav class="main-nav">
      <ul>
        <li><a href="/">NAV-MENU-ITEM Home</a></li>
        <li><a href="/blog">NAV-MENU-ITEM Blog</a></li>
        <li><a href="/pricing">NAV-MENU-ITEM Pricing</a></li>
        <li><a href="/docs">NAV-MENU-ITEM Docs</a></li>
      </ul>
    </nav>
  </header>
  <main>
    <article>
      <h1>Release notes for Widget 5</h1>
      <p class="byline">By Ada Lovelace, 3 March 2026</p>
      <p>Widget 5 is the biggest release since the project began. It brings a new configuration
      format, a faster parser and a long list of fixes that users asked for over the last year.
      This page explains what changed, why, and how to move an existing project to it.</p>
      <h2>What changed in v5</h2>
      <p>The configuration moved from INI files to TOML, and the parser is now three times faster
      on large inputs. Plugins written for version 4 keep working through a compatibility layer,
      which will stay until version 6. Read the <a href="/docs/migrate">migration guide</a> for
      every detail, or the <a href="https://example.org/spec">format specification</a>.</p>
      <ul>
        <li>TOML configuration replaces INI</li>
        <li>The parser is 3x faster</li>
        <li>The <code>--legacy</code> flag is removed</li>
      </ul>
      <h2>How to upgrade</h2>
      <p>Install the new version and convert the configuration with the bundled tool. The tool
      reads the old file, writes the new one beside it and prints what it could not convert.</p>
      <pre><code class="language-sh">npm install widget@5
npx widget convert-config widget.ini</code></pre>
      <h3>Supported platforms</h3>
      <table>
        <thead><tr><th>Platform</th><th>Status</th></tr></thead>
        <tbody>
          <tr><td>Linux</td><td>supported</td></tr>
          <tr><td>macOS</td><td>supported</td></tr>
          <tr><td>Windows</td><td>beta</td></tr>
        </tbody>
      </table>
      <p>Thanks to everyone who tested the betas and reported problems; this release is yours as
      much as ours. Questions go to the forum, bugs to the issue tracker.</p>
    </article>
  </main>
  <aside class="sidebar">
    <div class="ad">SIDEBAR-AD Buy Widget Pro today!</div>
    <form class="newsletter"><label>NEWSLETTER-SIGNUP Get our newsletter</label><input type="email"></form>
  </aside>
  <footer><p>FOOTER-LEGAL © 2026 Widget Inc. All rights reserved. Terms · Privacy</p></footer>
  <script src="/tracker.js"></script>
  <script>console.log('SCRIPT-SECRET again')</script>
</body>
</html>
`;
