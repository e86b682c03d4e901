// The header's behaviour on an HTML-only page (decision 020), which ships no React and no router:
// imported by the +client.ts of those pages; on text pages it is all their script.
import { attachHeaderBehaviour } from '../components/layout/header-behaviour.ts'

const header = document.querySelector<HTMLElement>('header.site-header')
if (header) attachHeaderBehaviour(header)
