// Markdown documents and agreements rendered to HTML by the server (decision 031): markdown-it
// with raw HTML off, so every tag a document holds is shown as text, never parsed; its link
// check refuses javascript:, vbscript:, file: and non-image data: URLs. What is left is the
// HTML markdown-it itself writes, so no sanitiser runs after it.
import { createRequire } from 'node:module'
import type MarkdownIt from 'markdown-it'
import { readingMinutes } from '../../lib/documents/extent.ts'

// Loaded with the first document or agreement rendered, not with the server: no public page
// renders Markdown (decision 064). A synchronous require keeps renderMarkdown synchronous.
const require = createRequire(import.meta.url)
let markdown: MarkdownIt | undefined

function markdownIt(): MarkdownIt {
  if (markdown) return markdown
  const MarkdownItClass = require('markdown-it') as typeof MarkdownIt
  const created = new MarkdownItClass({ html: false, linkify: true, typographer: true })
  // Links to other sites open without handing them this page (window.opener, Referer) or our rank.
  const defaultLinkOpen =
    created.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
  created.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]
    const href = token?.attrGet('href') ?? ''
    if (token && /^[a-z][a-z0-9+.-]*:/i.test(href)) token.attrSet('rel', 'noopener noreferrer nofollow')
    return defaultLinkOpen(tokens, idx, options, env, self)
  }
  markdown = created
  return created
}

export interface RenderedMarkdown {
  html: string
  words: number
  /** Whole minutes, at least 1. */
  readingMinutes: number
}

/** Made on first use: ICU's word-break data stays out of a process that counts no words. */
let wordSegmenter: Intl.Segmenter | undefined

/** Words in a text, as Unicode word boundaries count them (CJK included). */
export function countWords(text: string): number {
  let words = 0
  wordSegmenter ??= new Intl.Segmenter('en', { granularity: 'word' })
  for (const segment of wordSegmenter.segment(text)) if (segment.isWordLike) words += 1
  return words
}

export function renderMarkdown(text: string): RenderedMarkdown {
  const words = countWords(text)
  return { html: markdownIt().render(text), words, readingMinutes: readingMinutes(words) }
}
