// @vitest-environment jsdom
import { Editor } from '@tiptap/core'
import { Marked } from 'marked'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { cleanPastedHtml, withoutInlineCode } from '#src/features/admin/editor/clean-paste.ts'
import { escapeBlockStarts, editorExtensions, storedText } from '#src/features/admin/editor/editor-extensions.ts'
import { safeLinkAddress, safePictureAddress, typedLinkAddress } from '#src/features/admin/editor/safe-address.ts'
import { pageActiveContent } from '#tests/support/page-active-content.ts'
import { XSS_CORPUS } from '#tests/support/xss-corpus.ts'

/**
 * The post editor's document model without its screen (jsdom): the stored markdown read and
 * written back, and what a paste keeps. The screen itself is covered by tests/e2e/post-editor.spec.ts.
 */
const editor = new Editor({ extensions: editorExtensions(), content: '' })
afterAll(() => editor.destroy())

const load = (markdown: string) => editor.commands.setContent(markdown, { contentType: 'markdown', emitUpdate: false })
const written = () => storedText(editor.getMarkdown())

/** Pasted as the browser pastes: through ProseMirror's clipboard path, with the editor's own paste cleaning. */
function paste(html: string): string {
  load('')
  // jsdom has no ClipboardEvent; ProseMirror only needs an event to hand to the paste handlers.
  editor.view.pasteHTML(html, new Event('paste') as ClipboardEvent)
  return written()
}

const inGroups = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

/** An empty page at a web address (relative addresses in it resolve against it). */
const blankPage = () => new DOMParser().parseFromString('<!doctype html><title>t</title>', 'text/html')

/** The markdown turned into HTML with no sanitizer at all, as a page would show it: whatever could run. */
const unsanitized = new Marked({ gfm: true, breaks: true, async: false })
function activeIn(markdown: string): string[] {
  const doc = blankPage()
  doc.body.innerHTML = unsanitized.parse(markdown) as string
  // marked links bare addresses in the text (GFM autolinks); one no browser can read (`http://foo.f)…`)
  // goes nowhere, but pageActiveContent would throw on it: such an address is taken out first.
  for (const element of doc.body.querySelectorAll('[href], [src]'))
    for (const name of ['href', 'src'])
      if (element.hasAttribute(name) && !URL.canParse(element.getAttribute(name)!, doc.baseURI)) element.removeAttribute(name)
  return pageActiveContent(doc, 'none')
}

describe('the stored text', () => {
  it.each(DEMO_POSTS.map((post) => [post.title, post.content]))('"%s" reads and writes back byte for byte', (_title, content) => {
    load(content)
    expect(written()).toBe(content)
  })

  it('keeps the rest of a demo post as it was when one paragraph is edited', () => {
    const content = DEMO_POSTS[0]!.content
    load(content)
    editor.commands.insertContentAt(1, 'Welcome. ')
    expect(written()).toBe(`Welcome. ${content}`)
  })

  it('escapes text that would read as a heading, a list or a quote, and reads it back as the same text', () => {
    const lines = ['# not a heading', '- not a list', '1. not numbered', '2024) a year', '> not a quote', '---', '+ plus']
    for (const line of lines) {
      load('')
      editor.commands.insertContent({ type: 'paragraph', content: [{ type: 'text', text: line }] })
      const markdown = written()
      expect(markdown, line).not.toBe(line)
      load(markdown)
      expect(editor.getJSON().content, line).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: line }] }])
    }
    expect(escapeBlockStarts('fine\n- item\n  # deep')).toBe('fine\n\\- item\n  \\# deep')
  })

  it('reads raw HTML in a stored post through the paste cleaning: formatting stays, text that only looks like a tag stays text', () => {
    load(
      'Some <b>bold</b> and <i onclick="x()">italic</i> words, <enter your name> here.\n\n<form><input name=nodeName><input name=localName>Form text</form>\n\nAfter',
    )
    const html = editor.getHTML()
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<em>italic</em>')
    expect(editor.getText()).toContain('<enter your name>')
    expect(editor.getText()).toContain('After')
    expect(html).not.toContain('onclick')
  })

  it('writes a picture with its description escaped and its address kept whole', () => {
    load('')
    editor.commands.setImage({ src: '/media/abc/family budget (1).png', alt: 'Our [first] budget' })
    expect(written()).toBe('![Our \\[first\\] budget](/media/abc/family%20budget%20%281%29.png)')
    load(written())
    expect(editor.getJSON().content?.[0]).toMatchObject({ type: 'image', attrs: { alt: 'Our [first] budget' } })
  })
})

describe('a paste from a document or a web page', () => {
  it('keeps headings, bold, italic, lists, quotes, links and pictures, and nothing else', () => {
    // As Google Docs puts it on the clipboard: bold and italic as styles, the whole in a "not bold" <b>.
    const html = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1">
      <h1 dir="ltr" style="line-height:1.38"><span style="font-size:20pt;font-weight:400">Saving together</span></h1>
      <p dir="ltr"><span style="font-weight:700;color:#ff0000">Start</span><span> small and </span><span style="font-style:italic">keep going</span>, with <a href="https://example.com/guide" onclick="window.__xss=1" style="color:blue">our guide</a>.</p>
      <ul><li><p>one jar</p></li><li><p>two <u>jars</u></p></li></ul>
      <ol start="3"><li>third</li><li>fourth</li></ol>
      <blockquote><p>Faithful in little things</p></blockquote>
      <h5>Small print</h5>
      <p><img src="https://example.com/jar.png" alt="A glass jar" onerror="window.__xss=1" width="300" style="border:1px"></p>
      <script>window.__xss=1</script><style>p{color:red}</style><iframe src="https://example.com"></iframe>
      <table><tr><td>cell one</td><td>cell <code>two</code></td></tr></table>
      <p class="MsoNormal">Word text<o:p></o:p></p>
    </b>`
    expect(paste(html)).toBe(
      [
        '# Saving together',
        '**Start** small and *keep going*, with [our guide](https://example.com/guide).',
        '- one jar\n- two jars',
        '3. third\n4. fourth',
        '> Faithful in little things',
        '### Small print',
        '![A glass jar](https://example.com/jar.png)',
        'cell one',
        'cell two',
        'Word text',
      ].join('\n\n'),
    )
  })

  it('drops unsafe addresses but keeps the words', () => {
    const html =
      '<p><a href="javascript:window.__xss=1">one</a> <a href="//evil.invalid/x">two</a> <a href="/\\evil.invalid">three</a> <a href="/book-now">four</a> <a href="mailto:hi@example.com">five</a></p>' +
      '<p><img src="data:image/png;base64,AAAA" alt="d"><img src="http://example.com/x.png" alt="h"><img src="/media/a/b.png" alt="ours"></p>'
    expect(paste(html)).toBe('one two three [four](/book-now) [five](mailto:hi@example.com)\n\n![ours](/media/a/b.png)')
  })

  // A paste costs tens of milliseconds in jsdom: the corpus goes in five payloads a paste, each in
  // a block of its own (a payload that swallows the rest of its paste only hides its four neighbours).
  it(`leaves nothing active in the stored text, for the ${XSS_CORPUS.length} payloads of the corpus`, () => {
    const found: string[] = []
    for (const group of inGroups(XSS_CORPUS, 5)) {
      const markdown = paste(`<p>Before</p>${group.map((payload) => `<div>${payload}</div>`).join('')}<p>After</p>`)
      for (const active of activeIn(markdown)) found.push(`${group.join(' | ')} -> ${active} in ${markdown}`)
    }
    expect(found).toEqual([])
    expect((window as { __xss?: unknown }).__xss).toBeUndefined()
    // Nor anything the post form would refuse: a body has no control character but line breaks and tabs.
    expect(paste(`<p>a\u000bb\u0007c\u001fd</p>`)).toBe('a b c d')
  })

  // The browser reports every inline handler and style it parses against the page's policy, even
  // in an inert document: they are taken out of the text before the cleaning parses it.
  it('takes handlers and styles out of the text before any parser sees them, keeping bold and italic', () => {
    const left: string[] = []
    for (const payload of XSS_CORPUS) {
      const parsed = new DOMParser().parseFromString(withoutInlineCode(payload), 'text/html')
      for (const element of parsed.querySelectorAll('*'))
        for (const { name } of element.attributes) if (/^on[a-z]+$/i.test(name) || name === 'style') left.push(`${name} in ${payload}`)
      for (const element of parsed.querySelectorAll('style, script')) left.push(`<${element.localName}> in ${payload}`)
    }
    // And all of them in one paste, where one payload's broken markup runs into the next.
    const together = new DOMParser().parseFromString(
      withoutInlineCode(XSS_CORPUS.map((payload) => `<div>${payload}</div>`).join('\n')),
      'text/html',
    )
    for (const element of together.querySelectorAll('*'))
      for (const { name } of element.attributes) if (/^on[a-z]+$/i.test(name) || name === 'style') left.push(`${name} in the whole corpus`)
    for (const element of together.querySelectorAll('style, script')) left.push(`<${element.localName}> in the whole corpus`)
    expect(left).toEqual([])
    expect(withoutInlineCode('<span style="font-weight:700" class=x>a</span><i style=\'color:red\' onclick="x()">b</i>')).toBe(
      '<span data-pasted="pasted-bold" class=x>a</span><i>b</i>',
    )
    expect(withoutInlineCode('1 < 2 and <b title="a > b">c</b>')).toBe('1 < 2 and <b title="a > b">c</b>')
  })

  it('cleans the HTML itself to the kept elements, with no attribute but href, src, alt and start', () => {
    const cleaned = cleanPastedHtml(XSS_CORPUS.join('\n'))
    const doc = blankPage()
    doc.body.innerHTML = cleaned
    const allowed = new Set(['P', 'BR', 'H1', 'H2', 'H3', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'STRONG', 'EM', 'A', 'IMG', 'DIV'])
    for (const element of doc.body.querySelectorAll('*')) {
      expect(allowed.has(element.tagName), element.tagName).toBe(true)
      for (const attr of element.attributes) expect(['href', 'src', 'alt', 'start'], `${element.tagName} ${attr.name}`).toContain(attr.name)
    }
    expect(pageActiveContent(doc, 'none')).toEqual([])
  })
})

describe('an existing post with hostile text', () => {
  it('opens with nothing active in the editor, and an edit writes nothing active back', () => {
    // Ten payloads a block (raw HTML in markdown runs to a blank line, and the editor reads each
    // HTML block with a schema of its own: tens of milliseconds each in jsdom).
    const blocks = inGroups(XSS_CORPUS, 10).map((group) => group.map((payload) => payload.replace(/\n{2,}/g, '\n')).join('\n'))
    load(['Before', ...blocks, 'After'].join('\n\n'))
    // The whole corpus was read, up to its last line (a payload once broke the reading half-way).
    expect(editor.getText()).toContain('After')
    const page = blankPage()
    page.body.innerHTML = editor.view.dom.innerHTML
    expect(pageActiveContent(page, 'none')).toEqual([])
    editor.commands.insertContentAt(1, 'x')
    expect(activeIn(written())).toEqual([])
    expect((window as { __xss?: unknown }).__xss).toBeUndefined()
  })
})

describe('addresses', () => {
  it('takes site paths and web addresses, refuses the rest', () => {
    expect(safeLinkAddress('/resources')).toBe('/resources')
    expect(safeLinkAddress('https://example.com/a')).toBe('https://example.com/a')
    expect(safeLinkAddress('mailto:grace@example.com')).toBe('mailto:grace@example.com')
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '//evil.invalid',
      '/\\evil.invalid',
      'data:text/html,x',
      'vbscript:x',
      '\u200Bjavascript:x',
      '',
    ])
      expect(safeLinkAddress(bad), bad).toBeNull()
    expect(safePictureAddress('http://example.com/a.png')).toBeNull()
    expect(safePictureAddress('https://example.com/a.png')).toBe('https://example.com/a.png')
    expect(typedLinkAddress('example.com/page')).toBe('https://example.com/page')
    expect(typedLinkAddress('grace@example.com')).toBe('mailto:grace@example.com')
    expect(typedLinkAddress('javascript:alert(1)')).toBeNull()
    expect(typedLinkAddress('__proto__')).toBe('https://__proto__')
  })
})
