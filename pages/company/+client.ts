// HTML-only page (decision 009): no React in the browser, only the header's behaviour.
import '../../renderer/html-only-client'
