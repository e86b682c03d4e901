import { describe, expect, it } from 'vitest'
import { readingMinutes } from '../../lib/documents/extent.ts'
import { countWords, renderMarkdown } from './markdown.server.ts'

describe('renderMarkdown', () => {
  it('renders headings, lists, tables and emphasis', () => {
    const { html } = renderMarkdown(
      '# Terms\n\n- **Fee**: $3\n- _Monthly_\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    )
    expect(html).toContain('<h1>Terms</h1>')
    expect(html).toContain('<li><strong>Fee</strong>: $3</li>')
    expect(html).toContain('<td>1</td>')
  })

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['<a href="javascript:alert(1)">x</a>', '&lt;a href=“javascript:alert(1)”&gt;x&lt;/a&gt;'],
  ])('shows raw HTML as text: %s', (source, escaped) => {
    const { html } = renderMarkdown(source)
    expect(html).toContain(escaped)
    expect(html).not.toMatch(/<(script|img|a)\b/)
  })

  it.each([
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](vbscript:msgbox)',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
  ])('refuses a dangerous link: %s', (source) => {
    expect(renderMarkdown(source).html).not.toContain('href')
  })

  it('marks links to other sites noopener noreferrer nofollow, and leaves relative ones alone', () => {
    const { html } = renderMarkdown('[site](https://example.com) and [docket](/docket)')
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">site</a>')
    expect(html).toContain('<a href="/docket">docket</a>')
  })

  it('counts words and reading time', () => {
    expect(countWords('Hello, world: the RM5 (v2) is here.')).toBe(7)
    expect(countWords('')).toBe(0)
    expect(readingMinutes(0)).toBe(1)
    expect(readingMinutes(231)).toBe(2)
    const rendered = renderMarkdown('word '.repeat(460))
    expect(rendered.words).toBe(460)
    expect(rendered.readingMinutes).toBe(2)
  })
})
