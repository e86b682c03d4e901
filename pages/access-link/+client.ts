// HTML-only page (decision 020): no React in the browser, only the header's behaviour.
import '../../renderer/html-only-client.ts'
