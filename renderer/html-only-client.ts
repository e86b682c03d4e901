// The whole client-side code of an HTML-only page (decision 009): the page ships no React and no
// router, only the header's behaviour. Imported by the +client.ts of those pages.
import { attachHeaderBehaviour } from '../components/layout/header-behaviour'

const header = document.querySelector<HTMLElement>('header.site-header')
if (header) attachHeaderBehaviour(header)
